import type { SiteModule } from '../registry/site-module';
import { accountRoutes } from './accounts.routes';
import { invitationOutboxHandler } from './invitation-mail';

/** The staff accounts: their administration, and the invitation mail. */
export const accountsModule: SiteModule = {
  name: 'accounts',
  routes: accountRoutes,
  outboxHandlers: ({ config }) => ({ invitation: invitationOutboxHandler(config) }),
};
