import type { SiteModule } from '../registry/site-module';
import { categoryRoutes } from './categories.routes';
import { categoryTrash } from './category-trash';

export const categoryModule: SiteModule = { name: 'categories', routes: categoryRoutes, trash: categoryTrash };
