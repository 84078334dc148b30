import type { SiteModule } from '../registry/site-module';
import { homeFiller } from './home-featured';
import { projectFileUsage } from './project-file-usage';
import { projectPageFillers } from './project-pages';
import { projectSitemapSource } from './project-sitemap';
import { projectTrash } from './project-trash';
import { projectStoredFiles } from './projects.repository';
import { projectRoutes } from './projects.routes';

export const projectModule: SiteModule = {
  name: 'projects',
  routes: projectRoutes,
  // The home page shows the featured projects: the projects module fills it.
  pageFillers: (deps, renderer) => ({ ...projectPageFillers(deps, renderer), home: homeFiller(deps, renderer) }),
  sitemap: projectSitemapSource,
  storedFiles: [projectStoredFiles],
  trash: projectTrash,
  fileUsage: projectFileUsage,
};
