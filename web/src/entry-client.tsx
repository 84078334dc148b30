import './lib/zod-setup';
import { type DashboardFirstView, type SiteLanguage, dashboardFirstViewKey } from '@blitz/contract';
import { servedFor } from './app/routes/admin/served-first-view';
import { markHolder, readToken } from './lib/auth-token';
import { documentPageData } from './lib/ssr/page-data';
import { checkSessionEarly } from './features/auth/api/early-session-check';
import { createBrowserI18n, namespacesFor } from './lib/i18n/i18n';
import { preferredLanguage, storeLanguage } from './lib/i18n/language';
import { matchPage } from './lib/ssr/match-page';
import { rowsInSight } from './lib/rows-in-sight';
import { loadStylesheet } from './lib/ssr/stylesheet';
import { showStartFailure } from './app/start-failure';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The admin area (the dashboard; /login for an invitation link): a single-page application
 * rendered in the browser. Public pages and the sign-in page never load it (islands/main.ts is theirs).
 */
async function start(root: HTMLElement, lang: SiteLanguage) {
  const token = readToken();
  // Where the server rendered the first view, it checked the session a moment ago (decision 067).
  if (!servedFor(documentPageData<DashboardFirstView>(dashboardFirstViewKey), token)) checkSessionEarly();
  // Which sign-in this browser holds, for the server's next first view (a token stored before it asked).
  if (token) markHolder(token);
  if (new URLSearchParams(window.location.search).has('lang')) storeLanguage(lang);
  const page = matchPage(window.location.pathname);
  const [i18n, , application, inSight] = await Promise.all([
    createBrowserI18n(lang, namespacesFor(page)),
    loadStylesheet(),
    // The frame's modules, then the dashboard page's, each evaluated in a task of its own.
    import('./app/application').then(async (application) => {
      if (page === 'dashboard') await application.prepareDashboard();
      return application;
    }),
    // Which of the server's rows the application renders at once (decision 070).
    rowsInSight(root),
  ]);
  // The render in a task of its own too.
  await nextTask();
  document.documentElement.lang = lang;
  application.renderApplication(root, i18n, inSight);
  // For whoever watches the page (the phone bench, the browser tests): the application has taken over.
  root.setAttribute('data-app-started', '');
}

// In a task of its own: the modules' evaluation is one long task on a slow phone already; the
// requests and the texts' set-up that start() begins need not lengthen it (issue 46).
setTimeout(() => {
  const root = document.getElementById('root')!;
  const lang = preferredLanguage();
  start(root, lang).catch((error: unknown) => {
    console.error(error);
    showStartFailure(root, lang);
  });
}, 0);
