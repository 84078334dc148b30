// The texts' keys as TypeScript types (react-i18next's typed namespaces): a key that is not in
// the German texts — the default language, which every other one mirrors (locales.test.ts) — is a
// type error, in t() and in <Trans>. One entry per scope of the contract's translationNamespaces.
import 'i18next';
import type BlitzSchutz from '../../locales/de/BlitzSchutz.json';
import type ImprintPage from '../../locales/de/ImprintPage.json';
import type JobsPage from '../../locales/de/JobsPage.json';
import type aboutus from '../../locales/de/aboutus.json';
import type admin from '../../locales/de/admin.json';
import type common from '../../locales/de/common.json';
import type contact from '../../locales/de/contact.json';
import type homepage from '../../locales/de/homepage.json';
import type inbox from '../../locales/de/inbox.json';
import type kontactus from '../../locales/de/kontactus.json';
import type projects from '../../locales/de/projects.json';
import type servicespage from '../../locales/de/servicespage.json';
import type statistics from '../../locales/de/statistics.json';
import type accounts from '../../locales/de/accounts.json';
import type audit from '../../locales/de/audit.json';
import type backups from '../../locales/de/backups.json';
import type categoryEditing from '../../locales/de/categoryEditing.json';
import type companyDetails from '../../locales/de/companyDetails.json';
import type goLive from '../../locales/de/goLive.json';
import type jobEditing from '../../locales/de/jobEditing.json';
import type mailSettings from '../../locales/de/mailSettings.json';
import type projectEditing from '../../locales/de/projectEditing.json';
import type textEditing from '../../locales/de/textEditing.json';
import type trash from '../../locales/de/trash.json';
import type redirects from '../../locales/de/redirects.json';
import type privacy from '../../locales/de/privacy.json';
import type wordpressImport from '../../locales/de/wordpressImport.json';
import type inquiryTypes from '../../locales/de/inquiryTypes.json';
import type files from '../../locales/de/files.json';
import type pageEditing from '../../locales/de/pageEditing.json';
import type sectionEditing from '../../locales/de/sectionEditing.json';
import type newsEditing from '../../locales/de/newsEditing.json';
import type { TranslationNamespace } from '@blitz/contract';

type Resources = {
  common: typeof common;
  homepage: typeof homepage;
  servicespage: typeof servicespage;
  BlitzSchutz: typeof BlitzSchutz;
  ImprintPage: typeof ImprintPage;
  aboutus: typeof aboutus;
  kontactus: typeof kontactus;
  JobsPage: typeof JobsPage;
  contact: typeof contact;
  admin: typeof admin;
  projects: typeof projects;
  inbox: typeof inbox;
  statistics: typeof statistics;
  accounts: typeof accounts;
  audit: typeof audit;
  backups: typeof backups;
  categoryEditing: typeof categoryEditing;
  companyDetails: typeof companyDetails;
  goLive: typeof goLive;
  jobEditing: typeof jobEditing;
  mailSettings: typeof mailSettings;
  projectEditing: typeof projectEditing;
  textEditing: typeof textEditing;
  trash: typeof trash;
  redirects: typeof redirects;
  privacy: typeof privacy;
  wordpressImport: typeof wordpressImport;
  files: typeof files;
  pageEditing: typeof pageEditing;
  sectionEditing: typeof sectionEditing;
  newsEditing: typeof newsEditing;
  inquiryTypes: typeof inquiryTypes;
};

// Every scope of the contract's list, and no other: a scope added there fails here until it is typed.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const everyScope: Exactly<keyof Resources, TranslationNamespace> = true;
void everyScope;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
