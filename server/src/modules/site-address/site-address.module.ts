import type { SiteModule } from '../registry/site-module';
import { siteAddressRoutes } from './site-address.routes';

export const siteAddressModule: SiteModule = { name: 'site-address', routes: siteAddressRoutes };
