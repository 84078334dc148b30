import { hasRememberedMapConsent, rememberMapConsent } from './map-consent-store';

/**
 * The map's two-click consent ([data-map]): "load the map" puts OpenStreetMap's frame in place
 * of the consent box (remembered if the visitor ticks the box), "hide the map" takes it away and
 * forgets the choice. A remembered choice loads the map at once.
 */
export function enhanceMapConsent(root: ParentNode = document): void {
  const map = root.querySelector<HTMLElement>('[data-map]');
  const frame = map?.querySelector<HTMLElement>('[data-map-frame]');
  const consent = map?.querySelector<HTMLElement>('[data-map-consent]');
  const shown = map?.querySelector<HTMLElement>('[data-map-shown]');
  if (!map || !frame || !consent || !shown) return;

  const load = (focus: boolean) => {
    const iframe = document.createElement('iframe');
    iframe.src = map.dataset['map'] ?? '';
    iframe.title = map.dataset['mapTitle'] ?? '';
    iframe.className = 'absolute inset-0 h-full w-full border-0';
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    consent.replaceWith(iframe);
    shown.hidden = false;
    if (focus) iframe.focus();
  };

  map.querySelector('[data-map-load]')?.addEventListener('click', () => {
    if (map.querySelector<HTMLInputElement>('[data-map-remember]')?.checked) rememberMapConsent(true);
    load(true);
  });
  map.querySelector('[data-map-hide]')?.addEventListener('click', () => {
    rememberMapConsent(false);
    const remember = consent.querySelector<HTMLInputElement>('[data-map-remember]');
    if (remember) remember.checked = false;
    frame.querySelector('iframe')?.replaceWith(consent);
    shown.hidden = true;
  });
  if (hasRememberedMapConsent()) load(false);
}
