import type { i18n as I18n } from 'i18next';
import { createRoot } from 'react-dom/client';
import { type RowsInSight, renderTakingOver } from '../lib/rows-in-sight';
import { BrowserRouter } from '../lib/admin-runtime/router';
import { SavedSiteContent } from '../lib/ssr/saved-site-content';
import { AdminRoutes } from './admin-routes';
import { App } from './app';

export { prepareDashboard } from './admin-routes';

/**
 * The admin application's frame and routes, which the entry imports once its preparations have
 * begun: on a slow phone their evaluation is a task of its own, apart from the libraries' and the
 * dashboard page's (issue 46; the chunks: vite.config.ts).
 *
 * At /login the server's sign-in page is in `root`: an invitation link starts the application over
 * it. At /dashboard the server's first view may be there (decision 067): rendered anew, the same
 * markup, in this one task, so no frame shows the page without it; of its list, the rows that were
 * in sight (`inSight`; the others follow in the tasks after: lib/rows-in-sight.ts).
 */
export function renderApplication(root: HTMLElement, i18n: I18n, inSight?: RowsInSight): void {
  root.replaceChildren();
  renderTakingOver(inSight, () =>
    createRoot(root).render(
      <App i18n={i18n}>
        <SavedSiteContent>
          <BrowserRouter>
            <AdminRoutes />
          </BrowserRouter>
        </SavedSiteContent>
      </App>,
    ),
  );
}
