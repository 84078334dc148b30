import './lib/zod-setup';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { isSiteLanguage, pages } from '@blitz/contract';
import { App } from './app/app';
import { createBrowserI18n, namespacesFor } from './lib/i18n';
import { preferredLanguage, storeLanguage } from './lib/language';
import { matchPage } from './lib/match-page';
import { loadStylesheet, loadStylesheetOnIntent } from './lib/stylesheet';

async function start() {
  const rendered = document.documentElement.lang;
  const wanted = preferredLanguage();
  if (new URLSearchParams(window.location.search).has('lang')) storeLanguage(wanted);
  const page = matchPage(window.location.pathname);
  // Hydrate in the language the HTML was rendered in, then switch if the visitor wants another.
  const initial = isSiteLanguage(rendered) ? rendered : wanted;
  const root = document.getElementById('root')!;
  const prerendered = !!page && pages[page].prerender && root.firstElementChild !== null;
  // A prerendered page is styled by its inline CSS; a page rendered here needs the whole stylesheet first.
  const [i18n] = await Promise.all([createBrowserI18n(initial, namespacesFor(page)), prerendered ? undefined : loadStylesheet()]);
  // Navigations render at once (a page not loaded yet shows its fallback briefly) rather than as
  // transitions: a transition would wait for every boundary that is still dehydrated, such as the
  // footer's contact form, whose code loads only when it is needed — and so never finish.
  const app = <App i18n={i18n} router={(routes) => <BrowserRouter useTransitions={false}>{routes}</BrowserRouter>} />;
  // As a transition the hydration yields to the browser every few milliseconds instead of
  // blocking it for the whole page at once (no long task, so taps and scrolling stay responsive).
  if (prerendered) {
    loadStylesheetOnIntent();
    startTransition(() => void hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
  if (wanted !== initial) await i18n.changeLanguage(wanted);
}

void start();
