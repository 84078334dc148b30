import type { SiteModule } from '../registry/site-module';
import { mailSettingsRoutes } from './mail-settings.routes';

export const mailSettingsModule: SiteModule = { name: 'mail-settings', routes: mailSettingsRoutes };
