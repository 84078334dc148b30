import type { SiteModule } from '../registry/site-module';
import { customPageFiles } from './custom-page-files';
import { customPageFillers } from './custom-page-pages';
import { customPageSitemapSource } from './custom-page-sitemap';
import { customPageTrash } from './custom-page-trash';
import { customPageRoutes } from './custom-pages.routes';

// Pages staff add (issue 45, decision 061): the API, the public page at its address, its sitemap entry.
export const customPagesModule: SiteModule = {
  name: 'custom-pages',
  routes: customPageRoutes,
  pageFillers: customPageFillers,
  sitemap: customPageSitemapSource,
  trash: customPageTrash,
  fileUsage: customPageFiles,
};
