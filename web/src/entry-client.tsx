import './lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { type DashboardFirstView, dashboardFirstViewKey } from '@blitz/contract';
import { App } from './app/app';
import { servedFor } from './app/routes/admin/served-first-view';
import { markHolder, readToken } from './lib/auth-token';
import { documentPageData } from './lib/ssr/page-data';
import { AdminRoutes, prepareDashboard } from './app/admin-routes';
import { checkSessionEarly } from './features/auth/api/early-session-check';
import { BrowserRouter } from './lib/admin-runtime/router';
import { createBrowserI18n, namespacesFor } from './lib/i18n/i18n';
import { preferredLanguage, storeLanguage } from './lib/i18n/language';
import { matchPage } from './lib/ssr/match-page';
import { SavedSiteContent } from './lib/ssr/saved-site-content';
import { loadStylesheet } from './lib/ssr/stylesheet';

/**
 * The admin area (the dashboard; /login for an invitation link): a single-page application
 * rendered in the browser. Public pages and the sign-in page never load it (islands/main.ts is theirs).
 */
async function start() {
  const token = readToken();
  // Where the server rendered the first view, it checked the session a moment ago (decision 067).
  if (!servedFor(documentPageData<DashboardFirstView>(dashboardFirstViewKey), token)) checkSessionEarly();
  // Which sign-in this browser holds, for the server's next first view (a token stored before it asked).
  if (token) markHolder(token);
  const lang = preferredLanguage();
  if (new URLSearchParams(window.location.search).has('lang')) storeLanguage(lang);
  const page = matchPage(window.location.pathname);
  const [i18n] = await Promise.all([
    createBrowserI18n(lang, namespacesFor(page)),
    loadStylesheet(),
    page === 'dashboard' ? prepareDashboard() : undefined,
  ]);
  document.documentElement.lang = lang;
  const root = document.getElementById('root')!;
  // At /login the server's sign-in page was there: an invitation link starts the application over
  // it. At /dashboard the server's first view may be there (decision 067): rendered anew, the same
  // markup, in this one task, so no frame shows the page without it.
  root.replaceChildren();
  createRoot(root).render(
    <App i18n={i18n}>
      <SavedSiteContent>
        <BrowserRouter>
          <AdminRoutes />
        </BrowserRouter>
      </SavedSiteContent>
    </App>,
  );
  // For whoever watches the page (the phone bench, the browser tests): the application has taken over.
  root.setAttribute('data-app-started', '');
}

// In a task of its own: the modules' evaluation is one long task on a slow phone already; the
// requests and the texts' set-up that start() begins need not lengthen it (issue 46).
setTimeout(() => void start(), 0);
