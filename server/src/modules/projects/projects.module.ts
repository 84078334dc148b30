import type { ContentModule } from '../content/content-module';
import { homeFiller } from './home-featured';
import { projectPageFillers } from './project-pages';
import { projectRoutes } from './projects.routes';

export const projectModule: ContentModule = {
  routes: projectRoutes,
  // The home page shows the featured projects: the projects module fills it.
  pageFillers: (deps, renderer) => ({ ...projectPageFillers(deps, renderer), home: homeFiller(deps, renderer) }),
};
