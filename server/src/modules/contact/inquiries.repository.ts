import { type Expression, PostgresAdapter, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import {
  type Answers,
  type DeliveryStatus,
  type InquiryStatus,
  type Regard,
  inquirySearchCountCap,
  inquiryStatuses,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';
import type { Database, InquiriesTable, InquiryAttachmentsTable } from '../../db/schema';
import { containsPattern, foldText } from '../../db/text-search';
import { inTransaction } from '../../db/transaction';
import type { StoredFiles } from '../../storage/stored-files';
import { emailKey, phoneKey } from './contact-keys';
import { type InquiryMailKind, deleteMailsOfInquiries, queueInquiryMail } from './inquiry-mails.repository';

export type Inquiry = {
  id: number;
  reference: string;
  /** Its type's key: one of `inquirySubjects` or a type staff added. */
  subject: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  message: string;
  companyName: string | null;
  companyAddress: string | null;
  buildingSize: string | null;
  regards: Regard[];
  language: 'de' | 'en';
  status: InquiryStatus;
  deliveryStatus: DeliveryStatus;
  spam: boolean;
  createdAt: string;
  handledAt: string | null;
  /** The job an application is for (none: an unsolicited one, or another type). */
  jobId: number | null;
  jobTitle: string | null;
  /** The colleague working on it (issue 42). */
  assigneeId: number | null;
  followUpOn: string | null;
  /** An application's consent to be kept for later openings (decision 050); null: none given. */
  consent: InquiryConsent | null;
  /** The version of the form's definition it was sent with (issue 44; 0: SPEC.md's form): the words its fields had. */
  formVersion: number;
  /** What it answered in the fields its type adds, by key (issue 44); read with its form version's definition. */
  answers: Answers;
};

/** When the consent was given, the version of the box's wording, and its words as shown. */
export type InquiryConsent = { at: string; version: string; text: string };

export type StoredAttachment = {
  id: number;
  inquiryId: number;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
};

export type NewInquiry = Omit<
  Inquiry,
  'id' | 'status' | 'deliveryStatus' | 'handledAt' | 'assigneeId' | 'followUpOn' | 'consent' | 'formVersion' | 'answers'
> & {
  consent?: InquiryConsent | null;
  formVersion?: number;
  answers?: Answers;
};
export type NewAttachment = Omit<StoredAttachment, 'id' | 'inquiryId'>;

function toInquiry(row: Selectable<InquiriesTable>): Inquiry {
  return {
    id: row.id,
    reference: row.reference,
    subject: row.subject,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    message: row.message,
    companyName: row.company_name,
    companyAddress: row.company_address,
    buildingSize: row.building_size,
    regards: (row.regards ? row.regards.split(',') : []) as Regard[],
    language: row.language === 'en' ? 'en' : 'de',
    status: (inquiryStatuses as readonly string[]).includes(row.status) ? (row.status as InquiryStatus) : 'new',
    deliveryStatus: row.delivery_status as DeliveryStatus,
    spam: Number(row.spam) === 1,
    createdAt: row.created_at,
    handledAt: row.handled_at,
    jobId: row.job_id === null ? null : Number(row.job_id),
    jobTitle: row.job_title,
    assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
    followUpOn: row.follow_up_on,
    consent:
      row.consent_at === null ? null : { at: row.consent_at, version: row.consent_version ?? '', text: row.consent_text ?? '' },
    formVersion: row.form_version === null ? 0 : Number(row.form_version),
    answers: row.answers ? (JSON.parse(row.answers) as Answers) : {},
  };
}

function toAttachment(row: Selectable<InquiryAttachmentsTable>): StoredAttachment {
  return {
    id: row.id,
    inquiryId: row.inquiry_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size),
    storageKey: row.storage_key,
  };
}

/** Stores an inquiry, its attachments and its queued mails in one transaction: all or nothing. */
export async function insertInquiry(
  db: Db,
  inquiry: NewInquiry,
  attachments: NewAttachment[],
  mails: InquiryMailKind[],
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('inquiries')
      .values({
        reference: inquiry.reference,
        subject: inquiry.subject,
        first_name: inquiry.firstName,
        last_name: inquiry.lastName,
        phone: inquiry.phone,
        email: inquiry.email,
        message: inquiry.message,
        company_name: inquiry.companyName,
        company_address: inquiry.companyAddress,
        building_size: inquiry.buildingSize,
        regards: inquiry.regards.length ? inquiry.regards.join(',') : null,
        language: inquiry.language,
        status: 'new',
        delivery_status: mails.includes('inquiry') ? 'pending' : 'skipped',
        spam: inquiry.spam ? 1 : 0,
        created_at: inquiry.createdAt,
        search_folded: inquirySearchText(inquiry),
        job_id: inquiry.jobId,
        job_title: inquiry.jobTitle,
        email_key: emailKey(inquiry.email),
        phone_key: phoneKey(inquiry.phone),
        consent_at: inquiry.consent?.at ?? null,
        consent_version: inquiry.consent?.version ?? null,
        consent_text: inquiry.consent?.text ?? null,
        form_version: inquiry.formVersion || null,
        answers: inquiry.answers && Object.keys(inquiry.answers).length > 0 ? JSON.stringify(inquiry.answers) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (attachments.length > 0) {
      await trx
        .insertInto('inquiry_attachments')
        .values(
          attachments.map((a) => ({
            inquiry_id: id,
            file_name: a.fileName,
            content_type: a.contentType,
            size: a.size,
            storage_key: a.storageKey,
          })),
        )
        .execute();
    }
    for (const kind of mails) await queueInquiryMail(trx, id, kind, inquiry.createdAt);
    return id;
  });
}

/**
 * Every job id that applications name, with the title kept by the latest application that kept
 * one (an application sent after the job's removal keeps none). Grouped by id and title, so the
 * rows read are as many as titles a job ever had, not as many as applications.
 */
export async function appliedJobs(db: Db): Promise<{ id: number; title: string | null }[]> {
  const rows = await db
    .selectFrom('inquiries')
    .select((eb) => ['job_id', 'job_title', eb.fn.max('id').as('last_id')])
    .where('subject', '=', 'application')
    .where('job_id', 'is not', null)
    .groupBy(['job_id', 'job_title'])
    .orderBy('last_id', 'desc')
    .execute();
  const titles = new Map<number, string | null>();
  for (const row of rows) {
    const id = Number(row.job_id);
    if (!titles.has(id) || titles.get(id) === null) titles.set(id, row.job_title);
  }
  return [...titles].map(([id, title]) => ({ id, title }));
}

export async function referenceExists(db: Db, reference: string): Promise<boolean> {
  return !!(await db.selectFrom('inquiries').select('id').where('reference', '=', reference).executeTakeFirst());
}

export async function findInquiry(db: Db, id: number): Promise<Inquiry | undefined> {
  const row = await db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toInquiry(row);
}

export async function attachmentsOf(db: Db, inquiryId: number): Promise<StoredAttachment[]> {
  const rows = await db.selectFrom('inquiry_attachments').selectAll().where('inquiry_id', '=', inquiryId).orderBy('id').execute();
  return rows.map(toAttachment);
}

/**
 * Every inquiry whose sender's address is this key (`emailKey`: trimmed, lower case), newest
 * first: a data-subject request (decision 049) finds them by the indexed `email_key`.
 */
export async function inquiriesOfEmailKey(db: Db, key: string): Promise<Inquiry[]> {
  const rows = await db
    .selectFrom('inquiries')
    .selectAll()
    .where('email_key', '=', key)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toInquiry);
}

/** The attachments of these inquiries, by inquiry, then in the order they were stored. */
export async function attachmentsOfInquiries(db: Db, inquiryIds: readonly number[]): Promise<StoredAttachment[]> {
  if (inquiryIds.length === 0) return [];
  const rows = await db
    .selectFrom('inquiry_attachments')
    .selectAll()
    .where('inquiry_id', 'in', [...inquiryIds])
    .orderBy('inquiry_id')
    .orderBy('id')
    .execute();
  return rows.map(toAttachment);
}

/**
 * The inquiry's id if it is stored, as a query to put in a statement of another module's (the
 * statistics trace an inquiry's origin in one statement: one deleted meanwhile is skipped).
 */
export function storedInquiryId(db: Db, inquiryId: number) {
  return db.selectFrom('inquiries').select('id').where('id', '=', inquiryId);
}

export async function findAttachment(db: Db, inquiryId: number, attachmentId: number): Promise<StoredAttachment | undefined> {
  const row = await db
    .selectFrom('inquiry_attachments')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
  return row && toAttachment(row);
}

export type InquiryListItem = Inquiry & { attachmentCount: number };

/** What the inbox narrows its list to; every field optional but `spam`. */
export type InquiryListFilter = {
  spam: boolean;
  search?: string | undefined;
  subject?: string | undefined;
  deliveryStatus?: DeliveryStatus | undefined;
  /** true: closed; false: any other status. */
  handled?: boolean | undefined;
  status?: InquiryStatus | undefined;
  /** Assigned to this user; null: to nobody. */
  assigneeId?: number | null | undefined;
  /** A follow-up day on or before this one (YYYY-MM-DD), not closed. */
  followUpBy?: string | undefined;
  /** Unanswered: not spam, still new, received before this instant (ISO; decision 048). */
  unansweredBefore?: string | undefined;
  /** Applications for this job. */
  jobId?: number | undefined;
  /** Received at or after this instant (ISO), and before `until`. */
  since?: string | undefined;
  until?: string | undefined;
  /** Only these types: an inbox account limited to them (issue 31). */
  subjects?: readonly string[] | undefined;
  /** New, and none of these (the ids a user has opened: the inbox's `readInquiryIds`). */
  newBut?: InquiryIds | undefined;
};

/** A query of inquiry ids, from another module's table (who opened which). */
export type InquiryIds = SelectQueryBuilder<Database, keyof Database, { inquiry_id: number }>;

/** The text the search looks in, folded as the search term is (projects do the same with their texts). */
export function inquirySearchText(i: Pick<Inquiry, 'firstName' | 'lastName' | 'email' | 'companyName' | 'message'>): string {
  return foldText([`${i.firstName} ${i.lastName}`, i.email, i.companyName ?? '', i.message].join('\n'));
}

type InquiryQuery = SelectQueryBuilder<Database, 'inquiries', object>;

/** The FTS5 phrase of a folded term on SQLite; none on PostgreSQL, or for a term shorter than a trigram. */
function sqliteSearchPhrase(db: Db, term: string): string | null {
  const folded = foldText(term);
  if (db.getExecutor().adapter instanceof PostgresAdapter || [...folded].length < 3) return null;
  return `"${folded.replace(/"/g, '""')}"`;
}

/**
 * How the search narrows a query. Both databases look the term up in a trigram index of the
 * folded text (migration 2026-12-18): PostgreSQL's GIN index serves the LIKE itself; on SQLite the
 * FTS5 table answers a phrase of the term's trigrams. A term shorter than a trigram has none to
 * look up, and the LIKE reads every text. `walkNewest`: SQLite reads the rows newest first and
 * keeps those the index found, instead of reading every match to sort them — the faster way to a
 * page when many match (listInquiries decides).
 */
function searchCondition(db: Db, term: string, walkNewest = false): Expression<SqlBool> {
  const phrase = sqliteSearchPhrase(db, term);
  if (phrase === null) return sql<SqlBool>`inquiries.search_folded like ${containsPattern(term)} escape '\\'`;
  const matches = sql`(select rowid from inquiries_search where inquiries_search match ${phrase})`;
  // The unary plus keeps SQLite from looking the rows up by id, so it walks the list's index.
  return walkNewest ? sql<SqlBool>`+inquiries.id in ${matches}` : sql<SqlBool>`inquiries.id in ${matches}`;
}

/** Above this many index matches, a page of a search walks the rows newest first (a judgement, not a measured crossover). */
const walkAbove = 2000;

/** Whether the index matches more than `walkAbove` rows: counted no further (a common term matches a tenth of them). */
async function sqliteMatchesMany(db: Db, phrase: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (
      select rowid from inquiries_search where inquiries_search match ${phrase} limit ${walkAbove + 1}
    )`.execute(db);
  return Number(rows[0]?.n ?? 0) > walkAbove;
}

// Every condition is one the composite indexes (spam, <column>, created_at, id) or the search's
// trigram index can seek on.
function filtered<Q extends InquiryQuery>(db: Db, query: Q, filter: InquiryListFilter, walkNewest = false): Q {
  let q = query.where('inquiries.spam', '=', filter.spam ? 1 : 0) as Q;
  if (filter.subject) q = q.where('inquiries.subject', '=', filter.subject) as Q;
  if (filter.subjects) q = q.where('inquiries.subject', 'in', [...filter.subjects]) as Q;
  if (filter.deliveryStatus) q = q.where('inquiries.delivery_status', '=', filter.deliveryStatus) as Q;
  if (filter.handled !== undefined) q = q.where('inquiries.status', filter.handled ? '=' : '<>', 'closed') as Q;
  if (filter.status) q = q.where('inquiries.status', '=', filter.status) as Q;
  if (filter.assigneeId !== undefined)
    q = q.where('inquiries.assignee_id', filter.assigneeId === null ? 'is' : '=', filter.assigneeId) as Q;
  if (filter.followUpBy) {
    q = q.where('inquiries.follow_up_on', '<=', filter.followUpBy).where('inquiries.status', '<>', 'closed') as Q;
  }
  if (filter.newBut) q = q.where('inquiries.status', '=', 'new').where('inquiries.id', 'not in', filter.newBut) as Q;
  if (filter.unansweredBefore) {
    q = q
      .where('inquiries.spam', '=', 0)
      .where('inquiries.status', '=', 'new')
      .where('inquiries.created_at', '<', filter.unansweredBefore) as Q;
  }
  if (filter.jobId !== undefined) q = q.where('inquiries.job_id', '=', filter.jobId) as Q;
  if (filter.since) q = q.where('inquiries.created_at', '>=', filter.since) as Q;
  if (filter.until) q = q.where('inquiries.created_at', '<', filter.until) as Q;
  if (filter.search) q = q.where(searchCondition(db, filter.search, walkNewest)) as Q;
  return q;
}

function withAttachmentCount(db: Db) {
  return db
    .selectFrom('inquiries')
    .selectAll('inquiries')
    .select((eb) =>
      eb
        .selectFrom('inquiry_attachments')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('inquiry_attachments.inquiry_id', '=', 'inquiries.id')
        .as('attachment_count'),
    );
}

function toListItem(row: Selectable<InquiriesTable> & { attachment_count: number | null }): InquiryListItem {
  return { ...toInquiry(row), attachmentCount: Number(row.attachment_count ?? 0) };
}

/**
 * One page of the matching inquiries, newest first, and how many match in all. The page's ids are
 * found first from the index alone, and only those 20 rows are read whole (a "deferred join"): a
 * deep OFFSET then skips index entries, not rows with their messages and attachment counts.
 */
export async function listInquiries(
  db: Db,
  filter: InquiryListFilter,
  page: { limit: number; offset: number },
): Promise<{ items: InquiryListItem[]; count: number; countCapped: boolean }> {
  const searching = Boolean(filter.search);
  const phrase = filter.search ? sqliteSearchPhrase(db, filter.search) : null;
  const walkNewest = phrase !== null && (await sqliteMatchesMany(db, phrase));
  const pageIds = filtered(db, db.selectFrom('inquiries').select('inquiries.id'), filter, walkNewest)
    .orderBy('inquiries.created_at', 'desc')
    .orderBy('inquiries.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  const [rows, total] = await Promise.all([
    withAttachmentCount(db)
      .where('inquiries.id', 'in', pageIds)
      .orderBy('inquiries.created_at', 'desc')
      .orderBy('inquiries.id', 'desc')
      .execute(),
    // A search stops counting past the cap: a term a tenth of a million inquiries hold would
    // otherwise read each of them for the count alone (decision 052).
    countInquiries(db, filter, searching ? inquirySearchCountCap + 1 : undefined),
  ]);
  const countCapped = searching && total > inquirySearchCountCap;
  return { items: rows.map(toListItem), count: countCapped ? inquirySearchCountCap : total, countCapped };
}

/**
 * How many inquiries match, or up to `upTo` of them (the inbox tab's unread, the weekly summary's
 * unanswered). A filter by spam flag, type and status only — the inbox's first page, its spam
 * view's badge, a view by type or status — is answered by the counts the database keeps (decision
 * 055) instead of counting every match; the tab's unread by those less the reader's opened ones.
 */
export async function countInquiries(db: Db, filter: InquiryListFilter, upTo?: number): Promise<number> {
  if (upTo === undefined && keptCountsAnswer(filter)) {
    const { newBut, ...rest } = filter;
    const kept = keptCount(db, rest, newBut !== undefined);
    // Those opened are few beside a million inquiries: counted from the reader's rows, in the same
    // statement (one snapshot: an opened one closed meanwhile is in neither or both).
    const opened =
      newBut === undefined
        ? sql`0`
        : filtered(db, db.selectFrom('inquiries'), rest)
            .where('inquiries.status', '=', 'new')
            .where('inquiries.id', 'in', newBut)
            .select((eb) => eb.fn.countAll<number>().as('n'));
    const { rows } = await sql<{ n: number | string | null }>`select coalesce((${kept}), 0) - (${opened}) as n`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  const { n } =
    upTo === undefined
      ? await filtered(db, db.selectFrom('inquiries'), filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom(filtered(db, db.selectFrom('inquiries').select('inquiries.id'), filter).limit(upTo).as('matches'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
  return Number(n);
}

/** The filters the kept counts can answer: the groups' own columns, and the unread (new, less those opened). */
const keptCountFilters: ReadonlySet<string> = new Set<keyof InquiryListFilter>([
  'spam',
  'subject',
  'subjects',
  'status',
  'handled',
  'newBut',
]);

function keptCountsAnswer(filter: InquiryListFilter): boolean {
  return Object.entries(filter).every(([key, value]) => value === undefined || keptCountFilters.has(key));
}

/** The sum of the matching groups' rows (on PostgreSQL a group's writes add rows until housekeeping folds them), as a query. */
function keptCount(
  db: Db,
  filter: Pick<InquiryListFilter, 'spam' | 'subject' | 'subjects' | 'status' | 'handled'>,
  onlyNew: boolean,
) {
  let query = db
    .selectFrom('inquiry_counts')
    .select(sql<number | string | null>`sum(n)`.as('n'))
    .where('spam', '=', filter.spam ? 1 : 0);
  if (filter.subject) query = query.where('subject', '=', filter.subject);
  if (filter.subjects) query = query.where('subject', 'in', [...filter.subjects]);
  if (filter.handled !== undefined) query = query.where('status', filter.handled ? '=' : '<>', 'closed');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (onlyNew) query = query.where('status', '=', 'new');
  return query;
}

/**
 * Folds each group's rows of the kept counts into one (PostgreSQL: every writing statement adds
 * its own; SQLite keeps one per group already). Rows a transaction adds meanwhile are not yet
 * visible here and stay as they are; a concurrent fold skips the rows this one deleted. Answers
 * how many rows were folded.
 */
export async function foldInquiryCounts(db: Db): Promise<number> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return 0;
  const { rows } = await sql<{ folded: number | string }>`
    with gone as (
      delete from inquiry_counts where (spam, subject, status) in (
        select spam, subject, status from inquiry_counts group by spam, subject, status having count(*) > 1)
      returning spam, subject, status, n),
    folded as (
      insert into inquiry_counts (spam, subject, status, n)
      select spam, subject, status, sum(n) from gone group by spam, subject, status having sum(n) <> 0)
    select count(*) as folded from gone`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

/** Inquiries further apart than this are not taken for duplicates (issue 42). */
const duplicateWindowMs = 90 * 86_400_000;

/** Another inquiry from the same sender, as far as the e-mail address or phone number tell. */
export type DuplicateInquiry = Pick<
  Inquiry,
  'id' | 'reference' | 'createdAt' | 'subject' | 'status' | 'firstName' | 'lastName' | 'email' | 'phone'
>;

/**
 * The inquiries (no spam) of these types that share an e-mail address or phone number with one of
 * `of` and arrived within 90 days of the earliest to the latest of them: one index seek per key.
 * The caller tells which belongs to which (`isDuplicate`).
 */
export async function duplicateCandidates(
  db: Db,
  of: readonly Pick<Inquiry, 'email' | 'phone' | 'createdAt'>[],
  subjects: readonly string[] | undefined,
): Promise<DuplicateInquiry[]> {
  const emails = [...new Set(of.flatMap((i) => emailKey(i.email) ?? []))];
  const phones = [...new Set(of.flatMap((i) => phoneKey(i.phone) ?? []))];
  if (emails.length === 0 && phones.length === 0) return [];
  const times = of.map((i) => Date.parse(i.createdAt));
  const rows = await db
    .selectFrom('inquiries')
    .select(['id', 'reference', 'created_at', 'subject', 'status', 'first_name', 'last_name', 'email', 'phone'])
    .where('spam', '=', 0)
    .where((eb) =>
      eb.or([
        ...(emails.length ? [eb('email_key', 'in', emails)] : []),
        ...(phones.length ? [eb('phone_key', 'in', phones)] : []),
      ]),
    )
    .where('created_at', '>=', new Date(Math.min(...times) - duplicateWindowMs).toISOString())
    .where('created_at', '<=', new Date(Math.max(...times) + duplicateWindowMs).toISOString())
    .$if(subjects !== undefined, (q) => q.where('subject', 'in', [...subjects!]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    createdAt: row.created_at,
    subject: row.subject,
    status: (inquiryStatuses as readonly string[]).includes(row.status) ? (row.status as InquiryStatus) : 'new',
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
  }));
}

/** What `other` shares with `inquiry` (none: it is no duplicate of it): itself and inquiries 90 days apart share nothing. */
export function sharedKeys(
  inquiry: Pick<Inquiry, 'id' | 'email' | 'phone' | 'createdAt'>,
  other: Pick<Inquiry, 'id' | 'email' | 'phone' | 'createdAt'>,
): ('email' | 'phone')[] {
  if (other.id === inquiry.id) return [];
  if (Math.abs(Date.parse(other.createdAt) - Date.parse(inquiry.createdAt)) > duplicateWindowMs) return [];
  const email = emailKey(inquiry.email);
  const phone = phoneKey(inquiry.phone);
  return [
    ...(email !== null && emailKey(other.email) === email ? (['email'] as const) : []),
    ...(phone !== null && phoneKey(other.phone) === phone ? (['phone'] as const) : []),
  ];
}

/**
 * Every matching inquiry, newest first, read in batches. Each batch starts after the last row of
 * the one before (keyset), so the thousandth batch costs what the first does, unlike OFFSET.
 */
export async function* eachInquiry(db: Db, filter: InquiryListFilter, batchSize = 500): AsyncGenerator<InquiryListItem> {
  let last: { createdAt: string; id: number } | undefined;
  for (;;) {
    let query = filtered(db, withAttachmentCount(db), filter);
    if (last) {
      const after = last;
      // A row-value comparison, not `a < x OR (a = x AND b < y)`: both databases seek the index with it.
      query = query.where((eb) =>
        eb(eb.refTuple('inquiries.created_at', 'inquiries.id'), '<', eb.tuple(after.createdAt, after.id)),
      );
    }
    const rows = await query.orderBy('inquiries.created_at', 'desc').orderBy('inquiries.id', 'desc').limit(batchSize).execute();
    for (const row of rows) yield toListItem(row);
    if (rows.length < batchSize) return;
    const tail = rows[rows.length - 1]!;
    last = { createdAt: tail.created_at, id: tail.id };
  }
}

/** What the inbox's workflow changes of an inquiry (issue 42); `handledAt` is when it was closed. */
export type InquiryWork = {
  status?: InquiryStatus;
  handledAt?: string | null;
  assigneeId?: number | null;
  followUpOn?: string | null;
};

export async function updateInquiryWork(db: Db, id: number, work: InquiryWork): Promise<void> {
  const set = {
    ...(work.status !== undefined && { status: work.status }),
    ...(work.handledAt !== undefined && { handled_at: work.handledAt }),
    ...(work.assigneeId !== undefined && { assignee_id: work.assigneeId }),
    ...(work.followUpOn !== undefined && { follow_up_on: work.followUpOn }),
  };
  if (Object.keys(set).length > 0) await db.updateTable('inquiries').set(set).where('id', '=', id).execute();
}

/** The user's inquiries that `mayStillSee` refuses (null: all) go back to nobody. Returns their ids. */
export async function unassignInquiries(
  db: Db,
  userId: number,
  mayStillSee: ((subject: string) => boolean) | null,
): Promise<number[]> {
  // By type in code, not in SQL: the types are data (issue 44), added ones among them.
  const assigned = await db.selectFrom('inquiries').select(['id', 'subject']).where('assignee_id', '=', userId).execute();
  const ids = assigned.filter((row) => !mayStillSee?.(row.subject)).map((row) => row.id);
  if (ids.length > 0) await db.updateTable('inquiries').set({ assignee_id: null }).where('id', 'in', ids).execute();
  return ids;
}

/** Staff decided a caught inquiry is genuine: it is listed and mailed like any other. */
export async function clearSpam(db: Db, id: number): Promise<void> {
  await db.updateTable('inquiries').set({ spam: 0 }).where('id', '=', id).execute();
}

export async function setDeliveryStatus(db: Db, id: number, status: DeliveryStatus): Promise<void> {
  await db.updateTable('inquiries').set({ delivery_status: status }).where('id', '=', id).execute();
}

/**
 * Deletes inquiries with their attachments and their mails, and returns the storage
 * keys of their files, which the caller removes after the commit.
 */
export async function deleteInquiries(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const files = await trx.selectFrom('inquiry_attachments').select('storage_key').where('inquiry_id', 'in', ids).execute();
    await deleteMailsOfInquiries(trx, ids);
    await trx.deleteFrom('inquiry_attachments').where('inquiry_id', 'in', ids).execute();
    await trx.deleteFrom('inquiries').where('id', 'in', ids).execute();
    return files.map((f) => f.storage_key);
  });
}

/**
 * Ids of inquiries older than `before`: of one subject, or (spam) every caught one. `open`: only
 * those not closed and without consent (the arrival rule of applications, decision 050).
 */
export async function idsOlderThan(
  db: Db,
  filter: { subject?: string; spam?: boolean; open?: boolean },
  before: string,
  limit = 500,
): Promise<number[]> {
  let query = db.selectFrom('inquiries').select('id').where('created_at', '<', before).limit(limit);
  if (filter.subject) query = query.where('subject', '=', filter.subject).where('spam', '=', 0);
  if (filter.spam) query = query.where('spam', '=', 1);
  if (filter.open) query = query.where('status', '<>', 'closed').where('consent_at', 'is', null);
  return (await query.execute()).map((r) => r.id);
}

/**
 * Ids of applications (not spam) closed before `before`, with or without their applicant's
 * consent to be kept (decision 050).
 */
export async function closedApplicationsBefore(db: Db, consent: boolean, before: string, limit = 500): Promise<number[]> {
  const rows = await db
    .selectFrom('inquiries')
    .select('id')
    .where('subject', '=', 'application')
    .where('status', '=', 'closed')
    .where('handled_at', '<', before)
    .where('spam', '=', 0)
    .where('consent_at', consent ? 'is not' : 'is', null)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these storage keys a row still refers to. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('inquiry_attachments')
      .select('storage_key')
      .where('storage_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.storage_key);
  }
  return found;
}

const retentionKey = 'inquiry_retention_days';

export async function readRetentionSetting(db: Db): Promise<string | undefined> {
  return readSiteValue(db, retentionKey);
}

export async function writeRetentionSetting(db: Db, value: string): Promise<void> {
  await writeSiteValue(db, retentionKey, value);
}

/** An inquiry attachment's file in the attachments store. */
export const attachmentStoredFiles: StoredFiles = {
  table: 'inquiry_attachments',
  columns: ['storage_key'],
  filesOf: (row) => [{ store: 'attachments', key: String(row['storage_key']) }],
};
