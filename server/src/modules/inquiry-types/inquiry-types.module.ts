import type { SiteModule } from '../registry/site-module';
import { inquiryTypeRoutes } from './inquiry-types.routes';

export const inquiryTypesModule: SiteModule = { name: 'inquiry-types', routes: inquiryTypeRoutes };
