import type { ContentModule } from '../content/content-module';
import { jobsPageFiller } from './job-pages';
import { jobRoutes } from './jobs.routes';

// The public jobs page is rendered per address (/jobs?q=…); its list still comes from the page's
// texts, not yet from these jobs.
export const jobModule: ContentModule = {
  routes: jobRoutes,
  pageFillers: (app, renderer) => ({ jobs: jobsPageFiller(app, renderer) }),
};
