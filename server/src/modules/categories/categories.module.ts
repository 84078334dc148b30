import type { ContentModule } from '../content/content-module';
import { categoryRoutes } from './categories.routes';

export const categoryModule: ContentModule = { routes: categoryRoutes };
