import type { Generated } from 'kysely';

// Row types of every table. Rows stay inside their repositories; services map them.
// Timestamps are ISO-8601 strings in UTC on both databases, so they sort and compare alike.

export type UsersTable = {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** Raised on logout and password change: tokens carrying an older version stop working. */
  token_version: Generated<number>;
  /** 1 while the password is one the user did not choose (the generated first one). */
  must_change_password: Generated<number>;
  /** The authenticator app's TOTP secret (base32) once its set-up is confirmed; null without a second factor. */
  totp_secret: string | null;
  /** A secret shown for set-up but not yet confirmed with a code from the app. */
  totp_pending_secret: string | null;
  /** Until when the pending secret may be confirmed. */
  totp_pending_until: string | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is not accepted again. */
  totp_last_step: number | null;
  /** Set while an operator has disabled the account: it cannot sign in. */
  disabled_at: string | null;
  /** The last successful sign-in; null if none since this column exists. */
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /** 'admin' | 'editor' | 'inbox' (issue 31) | 'editorInbox' (issue 42, no migration: decision 051); accounts from before roles are admins. */
  role: Generated<string>;
  /** An inbox or editorInbox user's inquiry types, comma-separated; null: every type. */
  inquiry_types: string | null;
  email: string | null;
  /** Set while the account waits for its invitation to be used (created or reset by an admin). */
  invited_at: string | null;
  /** The name the dashboard shows for the account (issue 40); null: its username. */
  display_name: string | null;
};

/** A one-time sign-up link of an invited account: only the SHA-256 of its token is kept. */
export type UserInvitationsTable = {
  token_hash: string;
  user_id: number;
  /** 'link': shown to the admin; 'mail': the one the invitation mail carries. */
  via: string;
  created_at: string;
  expires_at: string;
};

/** An invitation mail queued in the outbox, for this account. */
/** `origin`: the address the admin invited from, which the mailed link uses (null: the public address). */
export type InvitationMailsTable = { outbox_id: number; user_id: number; origin: string | null };

/** A sign-in: its token names it; it ends when unused for the idle time, or at the token's expiry. */
export type SessionsTable = { id: string; user_id: number; created_at: string; last_seen_at: string; expires_at: string };

/** One-time codes for signing in without the authenticator app; kept as SHA-256 (they carry 120 bits). */
export type RecoveryCodesTable = { user_id: number; code_hash: string; used_at: string | null };

export type SettingsTable = { key: string; value: string };

export type LoginThrottleTable = {
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
};

export type CategoriesTable = {
  id: Generated<number>;
  name: string;
  created_at: string;
  /** The version a save sends back (decision 036); '' only if the insert left it out. */
  updated_at: Generated<string>;
  /** 1 while it is a row of the sample content, unchanged by staff (the go-live checklist removes those). */
  sample: Generated<number>;
  /** Set while it is in the trash (decision 037): when, and the name of who deleted it. */
  deleted_at: string | null;
  deleted_by: string | null;
};

export type CategoryTranslationsTable = { category_id: number; language: number; content: string };

/** A search-engine entry's title and description per language ('': none, the page's head is made from the texts; decision 059). */
export type SearchEntryColumns = {
  search_title_de: Generated<string>;
  search_title_en: Generated<string>;
  search_description_de: Generated<string>;
  search_description_en: Generated<string>;
};

export type ProjectsTable = {
  id: Generated<number>;
  location: string;
  work_duration: string;
  client: string;
  category_id: number | null;
  /** JSON list of the project's pictures, the cover first: variants, crops, alt texts, focal point (ProjectPicture). */
  pictures: Generated<string>;
  created_at: string;
  updated_at: string;
  /** The project's place in the staff's order: a fractional key, compared byte by byte (decision 031). */
  order_key: string;
  /** Its place in the featured selection, in the same form; null when not featured. */
  featured_key: string | null;
  /** The location folded for the dashboard's search (text-search.ts). */
  location_folded: string;
  /** 1 while it is a row of the sample content, unchanged by staff (the go-live checklist removes those). */
  sample: Generated<number>;
  /** Set while it is in the trash (decision 037): when, and the name of who deleted it. */
  deleted_at: string | null;
  deleted_by: string | null;
  /** 1: visitors see it; 0: a draft, staff only (decision 033). */
  published: Generated<number>;
  /** JSON of a project's pending values (a draft of changes), null when there is none. */
  draft: string | null;
} & SearchEntryColumns;

export type ProjectTextField = 'title' | 'content' | 'scope' | 'location' | 'duration';

export type ProjectTextsTable = {
  project_id: number;
  field: ProjectTextField;
  language: number;
  content: string;
  /** The content lower-cased in JavaScript, for case-insensitive search alike on both databases. */
  content_folded: string;
};

export type InquiriesTable = {
  id: Generated<number>;
  reference: string;
  subject: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  message: string;
  company_name: string | null;
  company_address: string | null;
  building_size: string | null;
  regards: string | null;
  language: string;
  status: string;
  delivery_status: string;
  created_at: string;
  handled_at: string | null;
  /** 1 when the honeypot or the fill-time check caught it: kept for review, never mailed. */
  spam: Generated<number>;
  /** Name, e-mail, company and message, lower-cased: the inbox's case-insensitive search. */
  search_folded: Generated<string>;
  /** The job an application is for, and its title when it arrived (the job may be gone since). */
  job_id: number | null;
  job_title: string | null;
  /** The colleague working on it (issue 42); null: nobody. */
  assignee_id: number | null;
  /** The day to look at it again, YYYY-MM-DD in Europe/Berlin. */
  follow_up_on: string | null;
  /** The sender's e-mail address and phone number as duplicates are found by (modules/contact/contact-keys.ts). */
  email_key: string | null;
  phone_key: string | null;
  /** An application's consent to be kept for later openings (decision 050): when, the wording's version and its words as shown; null: none. */
  consent_at: string | null;
  consent_version: string | null;
  consent_text: string | null;
  /** The version of the form's definition it was sent with (issue 44); null: SPEC.md's form (version 0). */
  form_version: number | null;
  /** JSON by added field's key (issue 44); null: none. */
  answers: string | null;
};

/**
 * How many inquiries there are of a spam flag, type and status: the sum of the group's rows
 * (decision 055). Kept by triggers on `inquiries`; on PostgreSQL each writing statement adds its
 * change as a row of its own, which housekeeping folds; on SQLite one row per group.
 */
export type InquiryCountsTable = {
  spam: number;
  subject: string;
  status: string;
  /** bigint: PostgreSQL answers it as a string. */
  n: number | string;
};

/** Whom an assignment mail of an inquiry is for, and who gave it to them (issue 42). */
export type AssignmentMailsTable = {
  outbox_id: number;
  user_id: number;
  by_name: string;
};

/** A reply from the dashboard (issue 42): an inquiry's mail, what staff composed and who sent it. */
export type InquiryRepliesTable = {
  outbox_id: number;
  inquiry_id: number;
  subject: string;
  body: string;
  by_id: number | null;
  by_name: string;
  created_at: string;
  /** The client's key (Idempotency-Key): unique per inquiry. */
  key: string | null;
};

/** A file of a reply: an object of the attachments storage. */
export type InquiryReplyAttachmentsTable = {
  id: Generated<number>;
  outbox_id: number;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
};

/** Who has opened which inquiry (issue 42: unread per person). */
export type InquiryReadsTable = {
  inquiry_id: number;
  user_id: number;
  read_at: string;
};

/** Internal notes on an inquiry (issue 42): never part of any mail. */
export type InquiryNotesTable = {
  id: Generated<number>;
  inquiry_id: number;
  at: string;
  by_id: number | null;
  /** The author's name as shown then. */
  by_name: string;
  text: string;
};

/** What staff did with an inquiry (issue 42): status, assignment, follow-up changes. */
export type InquiryEventsTable = {
  id: Generated<number>;
  inquiry_id: number;
  at: string;
  by_id: number | null;
  by_name: string;
  kind: string;
  value: string | null;
};

export type InquiryAttachmentsTable = {
  id: Generated<number>;
  inquiry_id: number;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
};

export type MailOutboxTable = {
  id: Generated<number>;
  /** Whose mail it is, the outbox does not know: the module that queued it names it in a table of its own by `outbox_id`. */
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  /** The sender instance holding the lease; only it may settle the row. */
  lease_owner: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** An inquiry's mail in the outbox (the contact module's, as `invitation_mails` is the accounts'). */
export type InquiryMailsTable = { outbox_id: number; inquiry_id: number };

export type MailAttemptsTable = {
  id: Generated<number>;
  outbox_id: number;
  attempted_at: string;
  error: string | null;
};

export type JobsTable = {
  id: Generated<number>;
  location: string;
  employment_type: string;
  /** `YYYY-MM-DD`; null: from now on. */
  start_date: string | null;
  /** `YYYY-MM-DD`, the last day visitors see the job; null: no end. */
  valid_through: string | null;
  contact: string;
  /** 1 when visitors may see it. */
  published: number;
  position: number;
  created_at: string;
  updated_at: string;
  /** 1 while it is a row of the sample content, unchanged by staff (the go-live checklist removes those). */
  sample: Generated<number>;
  /** Set while it is in the trash (decision 037): when, and the name of who deleted it. */
  deleted_at: string | null;
  deleted_by: string | null;
} & SearchEntryColumns;

/** A page staff added (issue 45, decision 061): its values as JSON, its columns what lists and lookups need. */
export type CustomPagesTable = {
  id: Generated<number>;
  /** As staff wrote it (`/Prüfung-2027`); `address_key` as matched (NFC, lower case), unique. */
  address: string;
  address_key: string;
  /** The German title, for lists and the trash (the values hold both). */
  title_de: string;
  /** 'none', 'navigation' or 'footer': where visitors find a link to it. */
  place: string;
  place_order: number;
  /** 1: kept out of search engines and the sitemap. */
  noindex: number;
  /** The published (or, never published, the pending) values: the contract's CustomPageValues as JSON. */
  content: string;
  /** 1 when visitors may see it. */
  published: number;
  /** A live page's draft of changes (CustomPageValues as JSON); null: none. */
  draft: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
};

export type JobTextField = 'title' | 'tasks' | 'profile' | 'offer' | 'howToApply';

export type JobTextsTable = { job_id: number; field: JobTextField; language: number; content: string };
/** Background work that one instance at a time does (housekeeping): who holds it, until when. */
export type LeasesTable = { name: string; owner: string; until: string };

/** A page text staff changed (decision 022), per language; absent: the shipped default, no draft. */
export type SiteTextsTable = {
  namespace: string;
  key: string;
  language: string;
  /** What visitors read instead of the default; null: the default. */
  published: string | null;
  draft: string | null;
  /** 1 while a draft waits for publishing (with `draft` null: back to the default). */
  has_draft: number;
  updated_at: string;
};

/** A contact form token an inquiry spent, until it would have expired anyway. */
export type UsedFormTokensTable = { id: string; expires_at: string };

/** The random salt of a Berlin day, shared by every instance; deleted once the day is over. */
export type StatisticsSaltsTable = { day: string; salt: string };

/** A visitor's first page of a day, keyed by the day's salted hash; deleted after its day. */
export type StatisticsVisitsTable = { day: string; visitor: string; source: string; campaign: string; landing_path: string };

/** How many visitors a network address (the day's salted hash of it alone) counted on a day; deleted after its day. */
export type StatisticsAddressVisitorsTable = { day: string; address: string; visitors: number };

/** Which pages a visitor of the day has seen (to count each page's visitors once); deleted after its day. */
export type StatisticsVisitPagesTable = { day: string; visitor: string; path: string; language: string };

// The daily aggregates: counts only, kept as long as the site.
export type StatisticsDaysTable = {
  day: string;
  visitors: Generated<number>;
  page_views: Generated<number>;
  inquiries: Generated<number>;
  applications: Generated<number>;
  /** Page views of visitors beyond the bound per network address or per day (issue 40): not counted anywhere else. */
  left_out_views: Generated<number>;
};
export type StatisticsPagesTable = {
  day: string;
  path: string;
  language: string;
  views: Generated<number>;
  visitors: Generated<number>;
  inquiries: Generated<number>;
};
export type StatisticsSourcesTable = {
  day: string;
  source: string;
  campaign: string;
  visitors: Generated<number>;
  inquiries: Generated<number>;
  applications: Generated<number>;
};
export type StatisticsDevicesTable = { day: string; device: string; visitors: Generated<number> };

/** A day's inquiries per inquiry type (issue 44), spam not counted. */
export type StatisticsTypesTable = { day: string; type: string; inquiries: Generated<number> };

/** Where an inquiry came from (its visit of that day), deleted with the inquiry. */
export type InquiryOriginsTable = {
  inquiry_id: number;
  source: string;
  campaign: string;
  landing_path: string;
  form_path: string;
};

/** A user's weekly summary mail of the statistics: kept when switched off, so the address need not be typed again. */
export type StatisticsSummaryRecipientsTable = {
  user_id: number;
  enabled: number;
  address: string;
  language: string;
  updated_at: string;
};

/** A week (its Monday) whose summary mails are queued: the claim that queues them once. */
export type StatisticsSummaryWeeksTable = { week: string; queued_at: string };

/** A queued summary mail: whose (null once the user is deleted), of which week, to where and in which language. */
export type StatisticsSummaryMailsTable = {
  outbox_id: number;
  user_id: number | null;
  week: string;
  address: string;
  language: string;
};

/** One change of the audit trail (decision 036): who, when, what, and a readable summary. */
export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_name: string;
  action: string;
  item_kind: string;
  item_id: string | null;
  item_title: string;
  summary: string;
  /** JSON: the changed fields, [{field, language?, before, after}]. */
  changes: string;
};

/** A redirect of an old address (issue 43, decision 047); `from_key` is the address as matched. */
export type RedirectsTable = {
  id: Generated<number>;
  from_path: string;
  from_key: string;
  to_address: string;
  keep_query: number;
  hits: Generated<number>;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
};

/** An address visitors asked for that leads nowhere: counted, never with the visitor's address. */
export type NotFoundLogTable = {
  id: Generated<number>;
  path_key: string;
  path: string;
  count: Generated<number>;
  bot_count: Generated<number>;
  first_seen_at: string;
  last_seen_at: string;
  referrer_host: string | null;
};

/** An import of a WordPress export (issue 43, decision 054): what it was asked, how far it came, what it did. */
export type WordpressImportJobsTable = {
  id: Generated<number>;
  /** `queued`, `running`, `done`, `failed`. */
  state: string;
  /** JSON: the import's options (categories, post types). */
  options: string;
  /** The export and the uploads zip in the attachments storage while the job runs; null once it ended. */
  export_key: string | null;
  uploads_key: string | null;
  done: Generated<number>;
  total: Generated<number>;
  /** JSON: the report, once the job ended (and as far as it came, while it runs). */
  report: string | null;
  error: string | null;
  user_id: number | null;
  user_name: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

/** A WordPress post brought in, keyed by its GUID: a repeat or a resumed import creates nothing twice. */
export type WordpressImportedItemsTable = {
  guid: string;
  wordpress_id: number;
  project_id: number | null;
  job_id: number | null;
  created_at: string;
};

/** Every version of the inquiry form's definition (issue 44): JSON of every type's fields, as staff saved it. */
export type InquiryFormVersionsTable = {
  version: number;
  definition: string;
  created_at: string;
};

/**
 * A file of the library (issue 45, decision 060): a document in the media store under
 * `storage_key`, or a picture's renditions (`picture`, JSON as the picture pipeline keeps them).
 * `slug` is its address's name, fixed when it was first uploaded; `content_tag` changes with every
 * upload (its ETag).
 */
export type LibraryFilesTable = {
  id: Generated<number>;
  kind: 'picture' | 'document';
  title_de: string;
  title_en: string;
  alt_de: string | null;
  alt_en: string | null;
  original_name: string;
  slug: string;
  media_type: string;
  size: number;
  storage_key: string | null;
  picture: string | null;
  content_tag: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
};

/** A news post (issue 45, decision 063): stored as a page is, with the moment visitors see it from. */
export type NewsPostsTable = {
  id: Generated<number>;
  /** One segment as staff wrote it (`neues-montagefahrzeug`); `address_key` as matched, unique. */
  address: string;
  address_key: string;
  title_de: string;
  /** From when visitors see it once published (UTC ISO text); null only before it first goes live. */
  publish_at: string | null;
  /** The date shown with it (`YYYY-MM-DD`): its own, else the Berlin day of `publish_at`. */
  shown_date: string;
  noindex: number;
  /** The published (or, never published, the pending) values: the contract's NewsPostValues as JSON. */
  content: string;
  published: number;
  /** A live post's draft of changes; null: none. */
  draft: string | null;
  /** When `content` last changed. */
  changed_at: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  user_invitations: UserInvitationsTable;
  invitation_mails: InvitationMailsTable;
  recovery_codes: RecoveryCodesTable;
  settings: SettingsTable;
  login_throttle: LoginThrottleTable;
  categories: CategoriesTable;
  category_translations: CategoryTranslationsTable;
  projects: ProjectsTable;
  project_texts: ProjectTextsTable;
  inquiries: InquiriesTable;
  inquiry_counts: InquiryCountsTable;
  inquiry_form_versions: InquiryFormVersionsTable;
  inquiry_attachments: InquiryAttachmentsTable;
  inquiry_notes: InquiryNotesTable;
  inquiry_events: InquiryEventsTable;
  inquiry_mails: InquiryMailsTable;
  inquiry_reads: InquiryReadsTable;
  assignment_mails: AssignmentMailsTable;
  inquiry_replies: InquiryRepliesTable;
  inquiry_reply_attachments: InquiryReplyAttachmentsTable;
  mail_outbox: MailOutboxTable;
  mail_attempts: MailAttemptsTable;
  jobs: JobsTable;
  custom_pages: CustomPagesTable;
  news_posts: NewsPostsTable;
  job_texts: JobTextsTable;
  leases: LeasesTable;
  site_texts: SiteTextsTable;
  used_form_tokens: UsedFormTokensTable;
  statistics_salts: StatisticsSaltsTable;
  statistics_visits: StatisticsVisitsTable;
  statistics_visit_pages: StatisticsVisitPagesTable;
  statistics_days: StatisticsDaysTable;
  statistics_address_visitors: StatisticsAddressVisitorsTable;
  statistics_pages: StatisticsPagesTable;
  statistics_sources: StatisticsSourcesTable;
  statistics_devices: StatisticsDevicesTable;
  statistics_types: StatisticsTypesTable;
  inquiry_origins: InquiryOriginsTable;
  statistics_summary_recipients: StatisticsSummaryRecipientsTable;
  statistics_summary_weeks: StatisticsSummaryWeeksTable;
  statistics_summary_mails: StatisticsSummaryMailsTable;
  audit_log: AuditLogTable;
  redirects: RedirectsTable;
  not_found_log: NotFoundLogTable;
  wordpress_import_jobs: WordpressImportJobsTable;
  wordpress_imported_items: WordpressImportedItemsTable;
  library_files: LibraryFilesTable;
};
