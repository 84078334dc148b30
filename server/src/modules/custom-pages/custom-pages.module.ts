import type { SiteModule } from '../registry/site-module';
import { customPageFiles } from './custom-page-files';
import { customPageTrash } from './custom-page-trash';
import { customPageRoutes } from './custom-pages.routes';

// Pages staff add (issue 45, decision 061). Their public rendering, sitemap and navigation come next.
export const customPagesModule: SiteModule = {
  name: 'custom-pages',
  routes: customPageRoutes,
  trash: customPageTrash,
  fileUsage: customPageFiles,
};
