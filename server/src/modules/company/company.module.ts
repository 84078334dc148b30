import type { SiteModule } from '../registry/site-module';
import { companyStoredFiles } from './company-details.repository';
import { companyDetailsRoutes } from './company-details.routes';

// The public pages read the company details when they are server-rendered (no filler yet).
export const companyModule: SiteModule = { name: 'company', routes: companyDetailsRoutes, storedFiles: [companyStoredFiles] };
