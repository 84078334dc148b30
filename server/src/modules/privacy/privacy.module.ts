import type { SiteModule } from '../registry/site-module';
import { privacyRoutes } from './privacy.routes';

/**
 * Data-subject requests (issue 42, decision 049): what is stored about one e-mail address, exported
 * or erased. It owns no table and no file: it reads and deletes through the contact, inbox and
 * statistics modules' repositories.
 */
export const privacyModule: SiteModule = { name: 'privacy', routes: privacyRoutes };
