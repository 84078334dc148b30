import type { ContentModule } from '../content/content-module';
import { projectPageFillers } from './project-pages';
import { projectRoutes } from './projects.routes';

export const projectModule: ContentModule = { routes: projectRoutes, pageFillers: projectPageFillers };
