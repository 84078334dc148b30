import { translationPath } from '@blitz/contract';
import { loadStylesheetOnIntent } from '../lib/ssr/stylesheet';
import { enhanceAnalyticsOptOut } from './analytics-opt-out';
import { enhanceCounters } from './counters';
import { enhanceFaq } from './faq';
import { enhanceGallery } from './gallery';
import { enhanceJobsSearch } from './jobs-search';
import { enhanceLanguageLinks } from './language-links';
import { linkManifestAfterLoad } from './manifest-link';
import { enhanceMapConsent } from './map-consent';
import { enhanceMenus } from './menus';
import { enhancePictureGalleries } from './picture-gallery';

/**
 * The only script of a public page. Every page is complete HTML that works without it; this
 * adds behaviour to the interactive pieces present in the page, each on its own element, in
 * plain DOM code (a few KB). The one piece built with components, the contact form, is an island
 * whose code (Preact in React's clothes, and its texts) loads on the first interaction with it
 * (islands/contact-island.tsx).
 * Clicks on [data-early-click] controls made before this script ran were held by the page's
 * head script (lib/i18n/language.ts) and are replayed here.
 */
type EarlyWindow = Window & {
  __early?: Element[];
  __islands?: boolean;
  /** A form sent inside an island not yet hydrated, and the button that sent it: held by the head script. */
  __submit?: [HTMLFormElement, HTMLElement | null] | null;
};

const interactions = ['focusin', 'pointerdown', 'keydown', 'input', 'change', 'dragenter', 'submit'] as const;

/** The send held for a form inside this element, taken (so that it is replayed once). */
function takeHeldSubmit(element: HTMLElement): [HTMLFormElement, HTMLElement | null] | undefined {
  const early = window as EarlyWindow;
  const held = early.__submit;
  if (!held || !element.contains(held[0])) return undefined;
  early.__submit = null;
  return held;
}

/** How long a held send waits for the island; then it goes to the server as without JavaScript. */
const hydrationTimeoutMs = 10_000;

/**
 * Resolves once the island's code has taken the element over: it marks it `data-hydrated`
 * (use-contact-form.ts); fails if that takes longer than `hydrationTimeoutMs`.
 */
function whenHydrated(element: HTMLElement): Promise<void> {
  return new Promise((resolve, reject) => {
    if (element.hasAttribute('data-hydrated')) return resolve();
    const observer = new MutationObserver(() => {
      if (!element.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the island did not hydrate in time'));
    }, hydrationTimeoutMs);
    observer.observe(element, { attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

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
  const held = (window as EarlyWindow).__submit;
  if (held && element.contains(held[0])) return true;
  return [
    ...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  ].some(changed);
}

/**
 * Loads and hydrates an island at the first interaction inside it, or at once if the visitor
 * already began. A send that arrived before it was ready (held by the head script) is replayed
 * through the island's own handler, so its checks run and nothing goes out unchecked (SPEC.md §5).
 */
function hydrateOnInteraction(element: HTMLElement, hydrate: (element: HTMLElement) => Promise<void>): void {
  const start = () => {
    for (const type of interactions) element.removeEventListener(type, start, true);
    // From here the island's own handlers may be attached: a send the head script holds now is kept from them.
    element.setAttribute('data-hydrating', '');
    hydrate(element)
      .then(() => whenHydrated(element))
      .then(() => {
        const held = takeHeldSubmit(element);
        if (held) held[0].requestSubmit(held[1]);
      })
      .catch((error: unknown) => {
        // The form still works without its script: the browser sends it to the server, a held
        // send at once, the next ones as they come (the head script no longer holds them).
        console.error(error);
        element.setAttribute('data-island-failed', '');
        takeHeldSubmit(element)?.[0].submit();
      });
  };
  if (touched(element)) return start();
  for (const type of interactions) element.addEventListener(type, start, { capture: true, passive: true });
}

/**
 * The sign-in page's form (islands/sign-in.ts), at once: the page is there for it. A send held
 * meanwhile goes through its handler; if its code cannot be loaded, the form says the server is
 * not reachable rather than sending the password anywhere else.
 */
function enhanceSignInForm(form: HTMLFormElement): void {
  import('./sign-in')
    .then(({ enhanceSignIn }) => {
      enhanceSignIn(form);
      const held = takeHeldSubmit(form);
      if (held) held[0].requestSubmit(held[1]);
    })
    .catch((error: unknown) => {
      console.error(error);
      form.setAttribute('data-island-failed', '');
      const failure = form.querySelector<HTMLElement>('[data-sign-in-failure]');
      const texts = JSON.parse(form.dataset['texts'] ?? '{}') as { unreachable?: string };
      if (!failure || !texts.unreachable) return;
      failure.textContent = texts.unreachable;
      failure.setAttribute('role', 'alert');
      failure.hidden = false;
    });
  // Once its code failed to load, a send stays on the page: the form is never posted to the server.
  form.addEventListener('submit', (event) => form.hasAttribute('data-island-failed') && event.preventDefault());
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
  enhancePictureGalleries();
  enhanceAnalyticsOptOut();
  linkManifestAfterLoad();
  const contact = document.querySelector<HTMLElement>('[data-island="contact-form"]');
  if (contact) {
    hydrateOnInteraction(contact, (element) => {
      // The form's texts are asked for beside its code, not after it: one round trip, not two.
      const texts = fetch(translationPath(document.documentElement.lang === 'en' ? 'en' : 'de', 'contact'));
      // A failed request is the island's to retry; unhandled meanwhile, it is not an error.
      texts.catch(() => undefined);
      return import('./contact-island').then((island) => island.hydrateContactForm(element, texts));
    });
  }

  const signIn = document.querySelector<HTMLFormElement>('form[data-island="sign-in"]');
  if (signIn) enhanceSignInForm(signIn);

  const early = window as EarlyWindow;
  early.__islands = true;
  for (const element of early.__early?.splice(0) ?? []) (element as HTMLElement).click();
}

start();
