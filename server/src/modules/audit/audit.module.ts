import type { SiteModule } from '../registry/site-module';
import { auditRoutes } from './audit.routes';
import { type DisplayNames, deleteOldAuditEntries } from './audit.service';

/**
 * The audit trail (decision 036): its list and export, and the removal of entries past the
 * retention. `displayNamesOf`: the users' names now, handed in by the accounts' domain, which the
 * kernel does not import (decision 046).
 */
export const auditModule = (displayNamesOf: DisplayNames): SiteModule => ({
  name: 'audit',
  routes: async (app) => {
    await app.register(auditRoutes, { displayNamesOf });
  },
  housekeeping: ({ db, config }) => [
    { name: 'audit-trail', run: async () => ({ old: await deleteOldAuditEntries(db, config.auditRetentionDays) }) },
  ],
});
