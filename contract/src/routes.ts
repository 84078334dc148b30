import type { SiteLanguage } from './languages';

/**
 * The imprint's address on its own: the contact form on every public page links to its privacy
 * section (#privacy), and its island carries this address rather than the whole table below
 * (decision 032).
 */
export const imprintPath = '/impressum';

/**
 * The page routes of SPEC.md §2, shared by the web router, the prerenderer and the server.
 * `prerender`: its HTML is rendered at build time with its content; otherwise an app shell.
 * `map`: the page may show the (consent-gated) map frame.
 * `staff`: a page for staff (the sign-in, the dashboard): framed without the visitors' contact
 * form, never kept by the browser, never indexed, never a preview of drafts.
 */
export const pages = {
  home: { path: '/', prerender: true, map: true, staff: false },
  impressum: { path: imprintPath, prerender: true, map: false, staff: false },
  aboutus: { path: '/aboutus', prerender: true, map: false, staff: false },
  contactus: { path: '/contactus', prerender: true, map: true, staff: false },
  jobs: { path: '/jobs', prerender: true, map: false, staff: false },
  job: { path: '/jobs/:id', prerender: true, map: false, staff: false },
  blitzschutz: { path: '/Blitzschutz', prerender: true, map: false, staff: false },
  projects: { path: '/Projects', prerender: true, map: false, staff: false },
  services: { path: '/Services', prerender: true, map: false, staff: false },
  login: { path: '/login', prerender: true, map: false, staff: true },
  dashboard: { path: '/dashboard', prerender: false, map: false, staff: true },
  project: { path: '/project/:id', prerender: true, map: false, staff: false },
  /** The news posts visitors see, ten a page (`?page=`), and one post's page (issue 45, decision 064). */
  news: { path: '/aktuelles', prerender: true, map: false, staff: false },
  newsPost: { path: '/aktuelles/:address', prerender: true, map: false, staff: false },
  /**
   * A page staff added (issue 45, decision 061), at its own address of one segment: matched after
   * every other route, and "not found" where no published page has the address.
   */
  customPage: { path: '/:address', prerender: true, map: false, staff: false },
} as const;

export type PageKey = keyof typeof pages;
// Pure: a bundle that takes only an address from this file (the contact island) leaves the table out.
export const pageKeys = /* @__PURE__ */ Object.keys(pages) as PageKey[];

/** The public pages that search engines should index (the sitemap lists them). */
export const indexablePages: PageKey[] = [
  'home',
  'blitzschutz',
  'projects',
  'services',
  'jobs',
  'contactus',
  'aboutus',
  'impressum',
];

/** The staff's pages: the sign-in is complete HTML with a small script of its own, the dashboard an app shell. */
export const staffPages = /* @__PURE__ */ pageKeys.filter((key) => pages[key].staff);

export const projectPath = (id: number | string) => `/project/${id}`;
export const jobPath = (id: number | string) => `/jobs/${id}`;

/** Where the server's API lives (DESIGN.md §4); every path of `apiRoutes` is relative to it. */
export const apiPrefix = '/api/v1';

/** The full address of an API path: what a browser, a test or a page-data key sees. */
export const apiUrl = (path: string) => `${apiPrefix}${path}`;

type Id = number | string;

/**
 * The contact form's routes (in `apiRoutes` as `contact`): on their own so that the form's island,
 * on every public page, carries these three addresses and not the whole table (decision 032).
 */
export const contactRoutes = {
  send: '/Contact',
  formStart: '/Contact/FormStart',
  formToken: '/Contact/FormToken',
} as const;

/**
 * The sign-in's routes (in `apiRoutes` as `auth`): on their own so that the sign-in page's script
 * carries these addresses and not the whole table.
 */
export const authRoutes = {
  login: '/login/Auth',
  verify: '/login/Verfy',
  password: '/login/Password',
  secondFactor: '/login/SecondFactor',
  secondFactorSetup: '/login/SecondFactor/Setup',
  secondFactorConfirm: '/login/SecondFactor/Confirm',
  secondFactorDisable: '/login/SecondFactor/Disable',
  sessions: '/login/Sessions',
  session: '/login/Sessions/:id',
  sessionPath: (id: string) => `/login/Sessions/${encodeURIComponent(id)}`,
  logout: '/login/Logout',
  /** POST `{token, password}`: an invitee's first sign-in (issue 31). */
  invitation: '/login/Invitation',
} as const;

/**
 * Every API route, relative to `apiPrefix`: the server registers these patterns, the web client
 * and the browser tests call them. A `…Path(id)` builds the address of a `:id` pattern beside it.
 * The addresses are the old API's (SPEC.md §3), spelling included (`Verfy`): other clients rely on them.
 */
export const apiRoutes = {
  auth: authRoutes,
  /** Accounts, managed by admins (issue 31). */
  users: {
    list: '/User',
    /** PUT `{displayName}`: the signed-in user's own display name (issue 40). */
    me: '/User/Me',
    one: '/User/:id',
    onePath: (id: Id) => `/User/${id}`,
    /** POST `{reason}`: password and second factor removed, sign-ins ended, a new invitation. */
    reset: '/User/:id/Reset',
    resetPath: (id: Id) => `/User/${id}/Reset`,
    /** POST: the invitation sent again (a new link); DELETE: revoked. */
    invitation: '/User/:id/Invitation',
    invitationPath: (id: Id) => `/User/${id}/Invitation`,
  },
  categories: {
    list: '/Category',
    one: '/Category/:id',
    onePath: (id: Id) => `/Category/${id}`,
  },
  projects: {
    list: '/Project',
    one: '/Project/:id',
    onePath: (id: Id) => `/Project/${id}`,
    /** POST `{after, list}`: moves a project in the staff's order or in the featured selection. */
    move: '/Project/:id/Move',
    movePath: (id: Id) => `/Project/${id}/Move`,
    /** POST: makes a project (and its draft of changes) live (decision 033). */
    publish: '/Project/:id/Publish',
    publishPath: (id: Id) => `/Project/${id}/Publish`,
    /** POST: takes a project off the site; it stays a draft. */
    unpublish: '/Project/:id/Unpublish',
    unpublishPath: (id: Id) => `/Project/${id}/Unpublish`,
    /** DELETE: discards a published project's draft of changes. */
    draft: '/Project/:id/Draft',
    draftPath: (id: Id) => `/Project/${id}/Draft`,
    /** The featured projects in one language, in their order, as the home page shows them (its page data's key). */
    featuredPath: (language: number) => `/Project?Featured=true&Sort=featured&PageLength=3&Language=${language}`,
  },
  /** Pages staff add (issue 45, decision 061); drafts, publishing and the preview as projects'. */
  customPages: {
    list: '/Page',
    one: '/Page/:id',
    onePath: (id: Id) => `/Page/${id}`,
    /** GET `?Address=/herbstaktion`: a published page, as visitors read it. */
    byAddress: '/Page/ByAddress',
    publish: '/Page/:id/Publish',
    publishPath: (id: Id) => `/Page/${id}/Publish`,
    unpublish: '/Page/:id/Unpublish',
    unpublishPath: (id: Id) => `/Page/${id}/Unpublish`,
    draft: '/Page/:id/Draft',
    draftPath: (id: Id) => `/Page/${id}/Draft`,
  },
  /** News posts (issue 45, decision 063): staff's as pages'; visitors read the published ones. */
  news: {
    list: '/News',
    one: '/News/:id',
    onePath: (id: Id) => `/News/${id}`,
    /** GET `?PageNumber=&PageLength=`: the published posts visitors see, newest first, without sections. */
    published: '/News/Published',
    /** GET `?Address=neues-montagefahrzeug`: a post visitors see, whole. */
    byAddress: '/News/ByAddress',
    /** GET (everyone) and PUT (editors): how many of the newest posts the home page shows (`newsHomeSchema`). */
    home: '/News/Home',
    publish: '/News/:id/Publish',
    publishPath: (id: Id) => `/News/${id}/Publish`,
    unpublish: '/News/:id/Unpublish',
    unpublishPath: (id: Id) => `/News/${id}/Unpublish`,
    draft: '/News/:id/Draft',
    draftPath: (id: Id) => `/News/${id}/Draft`,
  },
  jobs: {
    list: '/Job',
    one: '/Job/:id',
    onePath: (id: Id) => `/Job/${id}`,
    /** The visible jobs in one language, as the jobs page lists them (its page data's key). */
    boardPath: (language: number) => `/Job?Language=${language}&PageLength=100`,
  },
  /** The company details (issue 16): GET for everyone, PUT with the whole object for staff. */
  companyDetails: '/Settings',
  /** GET (admin): the public address in effect, where it comes from, and the hosts the site is reached under (issue 29). */
  siteAddress: '/Settings/Address',
  /**
   * GET `?Nonce=` (anyone): this site's proof of the nonce, so that a server can confirm that a
   * host it was asked under reaches this site before it lists the host (issue 40).
   */
  siteAddressProbe: '/Settings/Address/Probe',
  mailSettings: {
    /** GET/PUT: where inquiries are mailed and who sends them (issue 29). */
    settings: '/Settings/Mail',
    /** POST: a test mail to every recipient. */
    test: '/Settings/Mail/Test',
  },
  mailTemplates: {
    /** GET: every automatic mail's words (type × kind × language); PUT: one of them saved (issue 44). */
    templates: '/MailTemplate',
    /** POST: a template rendered with a sample inquiry, not saved. */
    preview: '/MailTemplate/Preview',
    /** POST: that sample sent to the signed-in admin's own address. */
    test: '/MailTemplate/Test',
  },
  goLive: {
    /** GET: the go-live checklist of the dashboard's start (issue 29). */
    checklist: '/Settings/Checklist',
    /** PUT `{dismissed}` (any item) or `{reviewed: true}` (the imprint and privacy texts). */
    item: '/Settings/Checklist/:key',
    itemPath: (key: string) => `/Settings/Checklist/${encodeURIComponent(key)}`,
    /** POST: removes every sample project, category and job still unchanged, with their pictures. */
    removeSampleContent: '/Settings/SampleContent/Remove',
  },
  siteTexts: {
    /** GET: every editable text with its default, published text and draft (staff); PUT: save a draft. */
    texts: '/Text',
    /** POST: make every draft live. */
    publish: '/Text/Publish',
    /** POST: show this browser the public pages with the drafts (a cookie); DELETE: stop. */
    preview: '/Text/Preview',
    /** POST: the preview banner's form (no script) that stops the preview. */
    previewEnd: '/Text/Preview/End',
  },
  contact: contactRoutes,
  /**
   * GET: the form's definition (`?lang=`), or with a staff token every type as staff set it; PUT
   * (admin): one type; POST (admin): a type staff compose (issue 44). DELETE `one` (admin): an
   * added type leaves the form, its inquiries stay.
   */
  inquiryTypes: { list: '/InquiryType', one: '/InquiryType/:key', onePath: (key: string) => `/InquiryType/${key}` },
  inbox: {
    list: '/Inquiry',
    export: '/Inquiry/Export',
    /** GET: the jobs that applications name, for the inbox's job filter. */
    jobs: '/Inquiry/Jobs',
    /** GET: how many new inquiries the signed-in user has not opened yet. */
    unread: '/Inquiry/Unread',
    retention: '/Inquiry/Retention',
    one: '/Inquiry/:id',
    onePath: (id: Id) => `/Inquiry/${id}`,
    attachment: '/Inquiry/:id/Attachment/:attachmentId',
    attachmentPath: (id: Id, attachmentId: Id) => `/Inquiry/${id}/Attachment/${attachmentId}`,
    resend: '/Inquiry/:id/Resend',
    resendPath: (id: Id) => `/Inquiry/${id}/Resend`,
    handled: '/Inquiry/:id/Handled',
    handledPath: (id: Id) => `/Inquiry/${id}/Handled`,
    /** POST `{text}`: an internal note (issue 42). */
    note: '/Inquiry/:id/Note',
    notePath: (id: Id) => `/Inquiry/${id}/Note`,
    /** GET: who may be given this inquiry. */
    assignees: '/Inquiry/:id/Assignees',
    assigneesPath: (id: Id) => `/Inquiry/${id}/Assignees`,
    /** POST `{subject, body, key?}` or multipart with files: a reply to the sender, through the outbox (issue 42). */
    reply: '/Inquiry/:id/Reply',
    replyPath: (id: Id) => `/Inquiry/${id}/Reply`,
    /** GET: the reply templates (inbox); PUT: the whole list (admins). */
    replyTemplates: '/ReplyTemplate',
  },
  /** The file library (issue 45, decision 060): content roles; the files themselves at `/dateien/<id>/<name>`. */
  files: {
    /** GET: the library (`?Kind=`); POST multipart `data` (JSON) and `file`; PUT JSON (texts) or multipart (the file replaced). */
    list: '/File',
    /** DELETE: to the trash; refused while the file is used anywhere. */
    one: '/File/:id',
    onePath: (id: Id) => `/File/${id}`,
    /** GET: where the file is used. */
    usage: '/File/:id/Usage',
    usagePath: (id: Id) => `/File/${id}/Usage`,
  },
  trash: {
    /** GET: what is in the trash (staff); DELETE: empty it (admin). */
    list: '/Trash',
    /** POST `{kind, id}`: bring an item back. */
    restore: '/Trash/Restore',
  },
  /** Backups (admin, decision 044): GET the list, POST back up now, GET an archive. */
  backup: {
    list: '/Backup',
    download: '/Backup/:id/Download',
    downloadPath: (id: string) => `/Backup/${id}/Download`,
  },
  /** The audit trail (admin): GET the list, GET the CSV export (decision 036). */
  audit: { list: '/Audit', export: '/Audit/Export' },
  /** Redirects of old addresses (admin, issue 43): GET/POST/PUT, DELETE one, CSV in and out, test an address. */
  redirects: {
    list: '/Redirect',
    one: '/Redirect/:id',
    onePath: (id: Id) => `/Redirect/${id}`,
    /** POST text/csv `from,to[,keepQuery]`: every row or none. */
    import: '/Redirect/Import',
    /** GET: the redirects as CSV. */
    export: '/Redirect/Export',
    /** GET `?Path=`: the redirect that answers an address, and where it sends. */
    test: '/Redirect/Test',
  },
  /** The log of addresses that lead nowhere (admin, issue 43). */
  notFound: {
    list: '/NotFound',
    one: '/NotFound/:id',
    onePath: (id: Id) => `/NotFound/${id}`,
    /** GET/PUT `{answer}`: redirect home (SPEC.md's default) or a not-found page. */
    settings: '/Settings/NotFound',
  },
  /** The WordPress import (admin, issue 43, decision 054). */
  imports: {
    /** GET: the latest imports (at most 20), newest first. */
    list: '/Import',
    /** POST multipart `file` (the export), `uploads` (a zip), `dryRun`, `categories`, `postTypes`: 200 the dry run's report, 202 the job. */
    wordpress: '/Import/WordPress',
    /** GET: the job, its progress and report. */
    one: '/Import/:id',
    onePath: (id: Id) => `/Import/${id}`,
  },
  /** Data-subject requests (admin, decision 049): what is stored about one e-mail address, exported or erased. */
  person: {
    /** GET `?Email=`: the inquiries, files, mails and notes stored about that address. */
    lookup: '/Person',
    /** POST `{email}`: one ZIP archive (summary, data.json, files). */
    export: '/Person/Export',
    /** POST `{email, reason}`: everything erased; the audit keeps a stub without personal data. */
    erase: '/Person/Erase',
  },
  statistics: {
    counts: '/Statistics',
    export: '/Statistics/Export',
    /** The imprint's opt-out link without JavaScript; `Withdraw=true` takes it back. */
    objection: '/Statistics/Objection',
    /** The signed-in admin's own weekly summary mail: whether, where to and in which language. */
    summary: '/Statistics/Summary',
  },
} as const;

/**
 * The public address of a page in a language (DESIGN.md §4): German, the default and x-default,
 * without a parameter; English with ?lang=en. Used by the hreflang links and the sitemap.
 */
export function pageUrl(pathname: string, lang: SiteLanguage, website: string): string {
  const url = new URL(pathname, website);
  if (lang !== 'de') url.searchParams.set('lang', lang);
  return url.href;
}

/** The prerender manifest the web build writes and the server reads. */
export type PageManifest = {
  /** page key → language → file path relative to the web dist folder */
  files: Record<string, Record<string, string>>;
  /** CSP source expressions ('sha256-…') of the inline scripts and styles of the pages */
  scriptHashes: string[];
  styleHashes: string[];
  /** file path → hashes of that page's own inline styles (its critical CSS), used instead of styleHashes */
  pageStyleHashes?: Record<string, string[]>;
  /**
   * file path → the head the web app rendered into that page (`render`'s head, between the
   * template's own tags and the inline styles): the server puts the head it renders per request
   * in its place.
   */
  heads?: Record<string, string>;
  /** The origin the pages' absolute addresses were written with; the server puts the public address (SITE_URL, else the saved website) in its place. */
  origin?: string;
};
