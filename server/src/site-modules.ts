import { accountsModule } from './modules/accounts/accounts.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import { activeColleagues, activeMailAddress, displayNamesOf, shownNamesOf } from './modules/auth/users.repository';
import { categoryModule } from './modules/categories/categories.module';
import { companyModule } from './modules/company/company.module';
import { customPagesModule } from './modules/custom-pages/custom-pages.module';
import { contactModule } from './modules/contact/contact.module';
import { filesModule } from './modules/files/files.module';
import { goLiveModule } from './modules/go-live/go-live.module';
import { inboxModule } from './modules/inbox/inbox.module';
import { inquiryTypesModule } from './modules/inquiry-types/inquiry-types.module';
import { jobModule } from './modules/jobs/jobs.module';
import { mailSettingsModule } from './modules/mail-settings/mail-settings.module';
import { mailTemplatesModule } from './modules/mail-templates/mail-templates.module';
import { newsModule } from './modules/news/news.module';
import { privacyModule } from './modules/privacy/privacy.module';
import { projectModule } from './modules/projects/projects.module';
import { rateLimitsModule } from './modules/rate-limits/rate-limits.module';
import { redirectsModule } from './modules/redirects/redirects.module';
import { type SiteModule, storedFilesOf } from './modules/registry/site-module';
import { siteAddressModule } from './modules/site-address/site-address.module';
import { siteTextsModule } from './modules/site-texts/site-texts.module';
import { statisticsModule } from './modules/statistics/statistics.module';
import { trashModule } from './modules/trash/trash.module';
import { wordpressImportModule } from './modules/wordpress-import/wordpress-import.module';
import type { StoredFiles } from './storage/stored-files';

/**
 * The site's modules, each a folder of server/src/modules with one record (its routes, pages,
 * sitemap, mails, housekeeping, stored files, trash: modules/registry/site-module.ts). app.ts
 * registers them from this list, the outbox and the housekeeping read it, and so do backup and
 * restore (which read the stored files without building the app: hence a file of its own). A new
 * module is its folder and one line here. The routes are registered and the housekeeping tasks run
 * in this order; the trash purges in the order its adapters name (a project before its category).
 */
export const siteModules: readonly SiteModule[] = [
  authModule,
  accountsModule,
  categoryModule,
  projectModule,
  jobModule,
  customPagesModule,
  newsModule,
  filesModule,
  companyModule,
  siteTextsModule,
  contactModule,
  inquiryTypesModule,
  mailSettingsModule,
  mailTemplatesModule({ mailAddressOf: activeMailAddress }),
  siteAddressModule,
  goLiveModule,
  redirectsModule,
  wordpressImportModule,
  inboxModule({ namesOf: shownNamesOf, colleagues: activeColleagues, mailAddressOf: activeMailAddress }),
  statisticsModule,
  privacyModule,
  trashModule,
  auditModule(displayNamesOf),
  rateLimitsModule,
];

/**
 * Every table whose rows name stored files, each declared by its own module next to its
 * repository. Backup and restore take exactly the files these name (backup's tests fail on any
 * stored object no declaration claims).
 */
export const storedFiles: readonly StoredFiles[] = storedFilesOf(siteModules);
