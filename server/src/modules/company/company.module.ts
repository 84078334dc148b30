import type { ContentModule } from '../content/content-module';
import { companyDetailsRoutes } from './company-details.routes';

// The public pages read the company details when they are server-rendered (no filler yet).
export const companyModule: ContentModule = { routes: companyDetailsRoutes };
