import { loadStylesheetOnIntent } from '../lib/stylesheet';
import { enhanceAnalyticsOptOut } from './analytics-opt-out';
import { enhanceCounters } from './counters';
import { enhanceFaq } from './faq';
import { enhanceGallery } from './gallery';
import { enhanceJobsSearch } from './jobs-search';
import { enhanceLanguageLinks } from './language-links';
import { linkManifestAfterLoad } from './manifest-link';
import { enhanceMapConsent } from './map-consent';
import { enhanceMenus } from './menus';

/**
 * The only script of a public page. Every page is complete HTML that works without it; this
 * adds behaviour to the interactive pieces present in the page, each on its own element, in
 * plain DOM code (a few KB). The one piece that needs React, the contact form, is an island whose
 * code — React included — loads on the first interaction with it (islands/contact-island.tsx).
 * Clicks on [data-early-click] controls made before this script ran were held by the page's
 * head script (lib/language.ts) and are replayed here.
 */
type EarlyWindow = Window & { __early?: Element[]; __islands?: boolean };

const interactions = ['focusin', 'pointerdown', 'keydown', 'input', 'change', 'dragenter'] as const;

/** Whether a field differs from what the page was served with. */
function changed(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLSelectElement) {
    const served = Math.max(
      0,
      [...field.options].findIndex((option) => option.defaultSelected),
    );
    return field.selectedIndex !== served;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && field.type === 'file') return (field.files?.length ?? 0) > 0;
  return field.value !== field.defaultValue;
}

/** Whether the visitor has begun with a form before this script ran: focus in it, or a field changed. */
function touched(element: HTMLElement): boolean {
  if (element.contains(document.activeElement)) return true;
  return [
    ...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  ].some(changed);
}

/** Loads and hydrates an island at the first interaction inside it, or at once if the visitor already began. */
function hydrateOnInteraction(element: HTMLElement, hydrate: (element: HTMLElement) => Promise<void>): void {
  const start = () => {
    for (const type of interactions) element.removeEventListener(type, start, true);
    hydrate(element).catch((error: unknown) => {
      // The form still works without its script: the browser sends it to the server.
      console.error(error);
    });
  };
  if (touched(element)) return start();
  for (const type of interactions) element.addEventListener(type, start, { capture: true, passive: true });
}

function start(): void {
  loadStylesheetOnIntent();
  enhanceMenus();
  enhanceLanguageLinks();
  enhanceCounters();
  enhanceFaq();
  enhanceMapConsent();
  enhanceJobsSearch();
  enhanceGallery();
  enhanceAnalyticsOptOut();
  linkManifestAfterLoad();
  const contact = document.querySelector<HTMLElement>('[data-island="contact-form"]');
  if (contact) {
    hydrateOnInteraction(contact, (element) => import('./contact-island').then((island) => island.hydrateContactForm(element)));
  }

  const early = window as EarlyWindow;
  early.__islands = true;
  for (const element of early.__early?.splice(0) ?? []) (element as HTMLElement).click();
}

start();
