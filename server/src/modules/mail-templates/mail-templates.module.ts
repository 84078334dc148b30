import type { SiteModule } from '../registry/site-module';
import { type MailTemplateRouteOptions, mailTemplateRoutes } from './mail-templates.routes';

/**
 * The automatic mails' words (decision 056). `mailAddressOf`: the signed-in user's address for the
 * test mail, handed in by the accounts' domain, which this module does not import.
 */
export const mailTemplatesModule = (options: MailTemplateRouteOptions): SiteModule => ({
  name: 'mail-templates',
  routes: async (app) => {
    await app.register(mailTemplateRoutes, options);
  },
});
