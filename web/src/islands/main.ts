import { loadStylesheetOnIntent } from '../lib/stylesheet';
import { enhanceAnalyticsOptOut } from './analytics-opt-out';
import { enhanceCounters } from './counters';
import { enhanceFaq } from './faq';
import { enhanceGallery } from './gallery';
import { enhanceJobsSearch } from './jobs-search';
import { enhanceLanguageLinks } from './language-links';
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

/** Loads and hydrates an island at the first interaction inside it. */
function hydrateOnInteraction(element: HTMLElement, hydrate: (element: HTMLElement) => Promise<void>): void {
  const start = () => {
    for (const type of interactions) element.removeEventListener(type, start, true);
    hydrate(element).catch((error: unknown) => {
      // The form still works without its script: the browser sends it to the server.
      console.error(error);
    });
  };
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
  const contact = document.querySelector<HTMLElement>('[data-island="contact-form"]');
  if (contact) {
    hydrateOnInteraction(contact, (element) => import('./contact-island').then((island) => island.hydrateContactForm(element)));
  }

  const early = window as EarlyWindow;
  early.__islands = true;
  for (const element of early.__early?.splice(0) ?? []) (element as HTMLElement).click();
}

start();
