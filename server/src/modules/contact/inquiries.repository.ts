import { type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DeliveryStatus, InquirySubject, Regard } from '@blitz/contract';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';
import type { Database, InquiriesTable, InquiryAttachmentsTable } from '../../db/schema';
import { containsPattern, foldText } from '../../db/text-search';
import { inTransaction } from '../../db/transaction';
import { type OutboxKind, enqueueMail } from '../../mail/outbox.repository';
import type { StoredFiles } from '../../storage/stored-files';

export type Inquiry = {
  id: number;
  reference: string;
  subject: InquirySubject;
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
  status: 'new' | 'handled';
  deliveryStatus: DeliveryStatus;
  spam: boolean;
  createdAt: string;
  handledAt: string | null;
  /** The job an application is for (none: an unsolicited one, or another type). */
  jobId: number | null;
  jobTitle: string | null;
};

export type StoredAttachment = {
  id: number;
  inquiryId: number;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
};

export type NewInquiry = Omit<Inquiry, 'id' | 'status' | 'deliveryStatus' | 'handledAt'>;
export type NewAttachment = Omit<StoredAttachment, 'id' | 'inquiryId'>;

function toInquiry(row: Selectable<InquiriesTable>): Inquiry {
  return {
    id: row.id,
    reference: row.reference,
    subject: row.subject as InquirySubject,
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
    status: row.status === 'handled' ? 'handled' : 'new',
    deliveryStatus: row.delivery_status as DeliveryStatus,
    spam: Number(row.spam) === 1,
    createdAt: row.created_at,
    handledAt: row.handled_at,
    jobId: row.job_id === null ? null : Number(row.job_id),
    jobTitle: row.job_title,
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
  mails: OutboxKind[],
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
    for (const kind of mails) await enqueueMail(trx, id, kind, inquiry.createdAt);
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

/** Where an inquiry came from, if the visitor statistics traced it (issue 32). */
export async function findInquiryOrigin(db: Db, inquiryId: number) {
  return db
    .selectFrom('inquiry_origins')
    .select(['source', 'campaign', 'landing_path as landingPath', 'form_path as formPath'])
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirst();
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
  subject?: InquirySubject | undefined;
  deliveryStatus?: DeliveryStatus | undefined;
  handled?: boolean | undefined;
  /** Applications for this job. */
  jobId?: number | undefined;
  /** Received at or after this instant (ISO), and before `until`. */
  since?: string | undefined;
  until?: string | undefined;
  /** Only these types: an inbox account limited to them (issue 31). */
  subjects?: readonly InquirySubject[] | undefined;
};

/** The text the search looks in, folded as the search term is (projects do the same with their texts). */
export function inquirySearchText(i: Pick<Inquiry, 'firstName' | 'lastName' | 'email' | 'companyName' | 'message'>): string {
  return foldText([`${i.firstName} ${i.lastName}`, i.email, i.companyName ?? '', i.message].join('\n'));
}

type InquiryQuery = SelectQueryBuilder<Database, 'inquiries', object>;

// Every condition is one the composite indexes (spam, <column>, created_at, id) can seek on, but
// the search, which scans the folded texts of the rows the other conditions leave.
function filtered<Q extends InquiryQuery>(query: Q, filter: InquiryListFilter): Q {
  let q = query.where('inquiries.spam', '=', filter.spam ? 1 : 0) as Q;
  if (filter.subject) q = q.where('inquiries.subject', '=', filter.subject) as Q;
  if (filter.subjects) q = q.where('inquiries.subject', 'in', [...filter.subjects]) as Q;
  if (filter.deliveryStatus) q = q.where('inquiries.delivery_status', '=', filter.deliveryStatus) as Q;
  if (filter.handled !== undefined) q = q.where('inquiries.status', '=', filter.handled ? 'handled' : 'new') as Q;
  if (filter.jobId !== undefined) q = q.where('inquiries.job_id', '=', filter.jobId) as Q;
  if (filter.since) q = q.where('inquiries.created_at', '>=', filter.since) as Q;
  if (filter.until) q = q.where('inquiries.created_at', '<', filter.until) as Q;
  if (filter.search) {
    q = q.where(sql<SqlBool>`inquiries.search_folded like ${containsPattern(filter.search)} escape '\\'`) as Q;
  }
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
): Promise<{ items: InquiryListItem[]; count: number }> {
  const pageIds = filtered(db.selectFrom('inquiries').select('inquiries.id'), filter)
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
    filtered(db.selectFrom('inquiries'), filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toListItem), count: Number(total.n) };
}

/**
 * Every matching inquiry, newest first, read in batches. Each batch starts after the last row of
 * the one before (keyset), so the thousandth batch costs what the first does, unlike OFFSET.
 */
export async function* eachInquiry(db: Db, filter: InquiryListFilter, batchSize = 500): AsyncGenerator<InquiryListItem> {
  let last: { createdAt: string; id: number } | undefined;
  for (;;) {
    let query = filtered(withAttachmentCount(db), filter);
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

export async function setHandled(db: Db, id: number, handledAt: string | null): Promise<boolean> {
  const result = await db
    .updateTable('inquiries')
    .set({ status: handledAt ? 'handled' : 'new', handled_at: handledAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Staff decided a caught inquiry is genuine: it is listed and mailed like any other. */
export async function clearSpam(db: Db, id: number): Promise<void> {
  await db.updateTable('inquiries').set({ spam: 0 }).where('id', '=', id).execute();
}

export async function setDeliveryStatus(db: Db, id: number, status: DeliveryStatus): Promise<void> {
  await db.updateTable('inquiries').set({ delivery_status: status }).where('id', '=', id).execute();
}

/**
 * Deletes inquiries (attachments and queued mail go with them by cascade) and returns the storage
 * keys of their files, which the caller removes after the commit.
 */
export async function deleteInquiries(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const files = await trx.selectFrom('inquiry_attachments').select('storage_key').where('inquiry_id', 'in', ids).execute();
    await trx
      .deleteFrom('mail_attempts')
      .where('outbox_id', 'in', trx.selectFrom('mail_outbox').select('id').where('inquiry_id', 'in', ids))
      .execute();
    await trx.deleteFrom('mail_outbox').where('inquiry_id', 'in', ids).execute();
    await trx.deleteFrom('inquiry_attachments').where('inquiry_id', 'in', ids).execute();
    await trx.deleteFrom('inquiries').where('id', 'in', ids).execute();
    return files.map((f) => f.storage_key);
  });
}

/** Ids of inquiries older than `before`: of one subject, or (spam) every caught one. */
export async function idsOlderThan(
  db: Db,
  filter: { subject?: InquirySubject; spam?: boolean },
  before: string,
  limit = 500,
): Promise<number[]> {
  let query = db.selectFrom('inquiries').select('id').where('created_at', '<', before).limit(limit);
  if (filter.subject) query = query.where('subject', '=', filter.subject).where('spam', '=', 0);
  if (filter.spam) query = query.where('spam', '=', 1);
  return (await query.execute()).map((r) => r.id);
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
