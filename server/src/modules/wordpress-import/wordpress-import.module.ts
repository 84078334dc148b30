import type { SiteModule } from '../registry/site-module';
import { importStoredFiles } from './wordpress-import.repository';
import { wordpressImportRoutes } from './wordpress-import.routes';

/** The WordPress import (issue 43, decisions 053 and 054): its API and jobs, and the files a running job keeps. */
export const wordpressImportModule: SiteModule = {
  name: 'wordpress-import',
  routes: wordpressImportRoutes,
  storedFiles: [importStoredFiles],
};
