import './lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './app/app';
import { AdminRoutes } from './app/admin-routes';
import { createBrowserI18n, namespacesFor } from './lib/i18n/i18n';
import { preferredLanguage, storeLanguage } from './lib/i18n/language';
import { matchPage } from './lib/ssr/match-page';
import { SavedSiteContent } from './lib/ssr/saved-site-content';
import { loadStylesheet } from './lib/ssr/stylesheet';

/**
 * The admin area (login, dashboard): a single-page application rendered in the browser, loaded
 * only by these pages. Public pages never load it (islands/main.ts is theirs).
 */
async function start() {
  const lang = preferredLanguage();
  if (new URLSearchParams(window.location.search).has('lang')) storeLanguage(lang);
  const [i18n] = await Promise.all([
    createBrowserI18n(lang, namespacesFor(matchPage(window.location.pathname))),
    loadStylesheet(),
  ]);
  document.documentElement.lang = lang;
  // A data router: only it can hold a navigation back while a form has unsaved changes (useBlocker).
  const router = createBrowserRouter([{ path: '*', element: <AdminRoutes /> }]);
  createRoot(document.getElementById('root')!).render(
    <App i18n={i18n}>
      <SavedSiteContent>
        <RouterProvider router={router} useTransitions={false} />
      </SavedSiteContent>
    </App>,
  );
}

void start();
