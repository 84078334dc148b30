import {
  type InquiryDetail,
  type InquiryFilter,
  type InquirySummary,
  type MailDelivery,
  apiRoutes,
  inquiryMailKinds,
  apiUrl,
  berlinDate,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inSnapshot, inTransaction } from '../../db/transaction';
import { recordInquiry } from './inquiry-audit';
import { type InboxPeople, historyOf, updateInquiry } from './inquiry-work';
import type { Doer } from './inquiry-work.repository';
import { berlinMidnight, nextDay } from '../../lib/berlin-days';
import { notFound } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage/object-storage';
import {
  type DuplicateInquiry,
  type Inquiry,
  type InquiryListFilter,
  type InquiryListItem,
  attachmentsOf,
  clearSpam,
  countInquiries,
  duplicateCandidates,
  eachInquiry,
  findInquiry,
  listInquiries,
  setDeliveryStatus,
  sharedKeys,
} from '../contact/inquiries.repository';
import { mailsOfInquiry, requeueInquiryMail } from '../contact/inquiry-mails.repository';
import { readAmong, readInquiryIds } from './inquiry-reads.repository';
import { deleteInquiriesWithReplies } from './inquiry-housekeeping';
import { repliesOf } from './inquiry-replies.repository';
import { findInquiryOrigin } from '../statistics/statistics.repository';
import { addedTypeNames, answerReader, answersOf, checkTypeKeys, fieldLabelsOf } from '../inquiry-types/inquiry-types.service';
import { companyUnansweredCutoff } from '../company/company-working-days';
import { type CsvOptions, csvHead, csvLine } from './inquiry-csv';

/**
 * What a row shows beyond the inquiry: who its assignee is, whether the reader opened it, its
 * duplicates, and the instant before which a new one arrived is unanswered now (decision 048).
 */
type RowContext = {
  names: ReadonlyMap<number, string>;
  read: ReadonlySet<number>;
  duplicates: readonly DuplicateInquiry[];
  unansweredCutoff: string;
  /** The names of the types staff added (issue 44). */
  typeNames: ReadonlyMap<string, { de: string; en: string }>;
};

/** Unanswered (decision 048): not spam, still new, and arrived before the cutoff of now (its deadline has passed). */
const isUnanswered = (item: Pick<Inquiry, 'spam' | 'status' | 'createdAt'>, cutoff: string) =>
  !item.spam && item.status === 'new' && item.createdAt < cutoff;

function summary(item: InquiryListItem, { names, read, duplicates, unansweredCutoff, typeNames }: RowContext): InquirySummary {
  return {
    id: item.id,
    reference: item.reference,
    createdAt: item.createdAt,
    subject: item.subject,
    typeNames: typeNames.get(item.subject) ?? null,
    firstName: item.firstName,
    lastName: item.lastName,
    companyName: item.companyName,
    email: item.email,
    status: item.status,
    assignee: item.assigneeId === null ? null : { id: item.assigneeId, name: names.get(item.assigneeId) ?? '?' },
    followUpOn: item.followUpOn,
    deliveryStatus: item.deliveryStatus,
    spam: item.spam,
    unanswered: isUnanswered(item, unansweredCutoff),
    attachmentCount: item.attachmentCount,
    job: item.jobId === null && item.jobTitle === null ? null : { id: item.jobId, title: item.jobTitle },
    unread: item.status === 'new' && !read.has(item.id),
    duplicateCount: duplicates.filter((other) => sharedKeys(item, other).length > 0).length,
  };
}

/** The inquiry types a signed-in user may see; undefined: all (issue 31). */
export type InquiryScope = readonly string[] | undefined;

/**
 * Who is asking: the filters `Assignee=me` and `Unread` and the unread marks mean them; `scope`
 * the inquiry types they may see (their duplicates too); and when (`now`: what is unanswered).
 */
export type InboxReader = { people: InboxPeople; userId: number | undefined; scope?: InquiryScope; now: Date };

/** The assignees' names, the reader's opened ones and the possible duplicates of these rows. */
async function rowContext(db: Db, reader: InboxReader, items: readonly Inquiry[], unansweredCutoff: string): Promise<RowContext> {
  const [names, read, duplicates, typeNames] = await Promise.all([
    reader.people.namesOf(
      db,
      items.flatMap((i) => (i.assigneeId === null ? [] : [i.assigneeId])),
    ),
    reader.userId === undefined
      ? new Set<number>()
      : readAmong(
          db,
          reader.userId,
          items.map((i) => i.id),
        ),
    items.length ? duplicateCandidates(db, items, reader.scope) : [],
    addedTypeNames(db),
  ]);
  return { names, read, duplicates, unansweredCutoff, typeNames };
}

export async function inquiryPage(
  db: Db,
  query: InquiryFilter & { PageLength: number; PageNumber: number },
  reader: InboxReader,
) {
  await checkTypeKeys(db, query.Subject === undefined ? undefined : [query.Subject], 'Subject');
  const unansweredCutoff = await companyUnansweredCutoff(db, reader.now);
  const { items, count, countCapped } = await listInquiries(db, listFilter(db, query, { ...reader, unansweredCutoff }), {
    limit: query.PageLength,
    offset: (query.PageNumber - 1) * query.PageLength,
  });
  const context = await rowContext(db, reader, items, unansweredCutoff);
  return { data: items.map((item) => summary(item, context)), count, countCapped };
}

/** How many new inquiries of the reader's types they have not opened yet (the inbox tab's count). */
export async function unreadCount(db: Db, reader: InboxReader): Promise<number> {
  if (reader.userId === undefined) return 0;
  return countInquiries(db, { spam: false, subjects: reader.scope, newBut: readInquiryIds(db, reader.userId) });
}

async function existing(db: Db, id: number, scope: InquiryScope = undefined): Promise<Inquiry> {
  const inquiry = await findInquiry(db, id);
  // One of a type the user may not see is not there for them.
  if (!inquiry || (scope && !scope.includes(inquiry.subject))) throw notFound('Inquiry');
  return inquiry;
}

/** Refuses (404) an inquiry outside the user's types, before anything else is done with it. */
export async function checkInquiryScope(db: Db, id: number, scope: InquiryScope): Promise<void> {
  if (scope) await existing(db, id, scope);
}

/** Everything about one inquiry, read in one snapshot: its status never disagrees with its mails. */
export async function inquiryDetail(db: Db, reader: InboxReader, id: number): Promise<InquiryDetail> {
  return inSnapshot(db, (trx) => readInquiryDetail(trx, reader, id));
}

async function readInquiryDetail(db: Db, reader: InboxReader, id: number): Promise<InquiryDetail> {
  const inquiry = await existing(db, id);
  const [attachments, allMails, origin, context] = await Promise.all([
    attachmentsOf(db, id),
    mailsOfInquiry(db, id),
    findInquiryOrigin(db, id),
    companyUnansweredCutoff(db, reader.now).then((cutoff) => rowContext(db, reader, [inquiry], cutoff)),
  ]);
  // The mails the sender and the company get (the assignee's mail is not one of them); the filter tells the type so.
  const mails = allMails.flatMap((m) =>
    (inquiryMailKinds as readonly string[]).includes(m.kind) ? [{ ...m, kind: m.kind as MailDelivery['kind'] }] : [],
  );
  const replies = new Map((await repliesOf(db, id)).map((r) => [r.outboxId, r]));
  return {
    ...summary({ ...inquiry, attachmentCount: attachments.length }, context),
    phone: inquiry.phone,
    message: inquiry.message,
    companyAddress: inquiry.companyAddress,
    buildingSize: inquiry.buildingSize,
    regards: inquiry.regards,
    language: inquiry.language,
    handledAt: inquiry.handledAt,
    attachments: attachments.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      contentType: a.contentType,
      size: a.size,
      url: apiUrl(apiRoutes.inbox.attachmentPath(id, a.id)),
    })),
    mails: mails.map((m): MailDelivery => ({
      kind: m.kind,
      status: m.status,
      attempts: m.attempts,
      nextAttemptAt: m.status === 'pending' ? m.nextAttemptAt : null,
      lastError: m.lastError,
      sentAt: m.sentAt,
      history: m.history,
    })),
    origin: origin ?? null,
    history: await historyOf(db, reader.people, inquiry, mails, replies),
    duplicates: context.duplicates.flatMap((other) => {
      const matchedBy = sharedKeys(inquiry, other);
      if (matchedBy.length === 0) return [];
      const { id, reference, createdAt, subject, status, firstName, lastName } = other;
      const typeNames = context.typeNames.get(subject) ?? null;
      return [{ id, reference, createdAt, subject, typeNames, status, firstName, lastName, matchedBy }];
    }),
    applicationConsent:
      inquiry.consent && inquiry.subject === 'application'
        ? {
            givenAt: inquiry.consent.at,
            version: inquiry.consent.version,
            language: inquiry.language,
            text: inquiry.consent.text,
          }
        : null,
    formVersion: inquiry.formVersion,
    fieldLabels: await fieldLabelsOf(db, inquiry),
    answers: await answersOf(db, inquiry),
  };
}

/** `POST …/Handled`, the call before the workflow: handled is closed, not handled is new again. */
export async function markHandled(
  db: Db,
  reader: InboxReader,
  id: number,
  handled: boolean,
  by: Doer,
  now: Date,
): Promise<InquiryDetail> {
  await updateInquiry(db, reader.people, id, { status: handled ? 'closed' : 'new' }, by, { now });
  return inquiryDetail(db, reader, id);
}

/**
 * Queues the mail to the company once more (after it failed, or to get it again). An inquiry the
 * spam checks caught is thereby declared genuine and mailed as if it had just arrived: to the
 * company, and (with `confirmationMail`) the visitor's confirmation, which it never got.
 */
export async function resendInquiry(
  db: Db,
  reader: InboxReader,
  id: number,
  kick: () => void,
  confirmationMail = false,
): Promise<InquiryDetail> {
  const inquiry = await existing(db, id);
  const queuedAt = new Date().toISOString();
  await inTransaction(db, async (trx) => {
    if (inquiry.spam) {
      await clearSpam(trx, inquiry.id);
      if (confirmationMail) await requeueInquiryMail(trx, inquiry.id, 'confirmation', queuedAt);
      await recordInquiry(trx, 'markNotSpam', id);
    }
    // Pending before the mail is queued again: the outbox may send it and settle it 'delivered' at once.
    await setDeliveryStatus(trx, inquiry.id, 'pending');
    await requeueInquiryMail(trx, inquiry.id, 'inquiry', queuedAt);
    await recordInquiry(trx, 'resend', id);
  });
  kick();
  return inquiryDetail(db, reader, id);
}

export async function deleteInquiry(db: Db, store: ObjectStorage, id: number): Promise<void> {
  await existing(db, id);
  const files = await inTransaction(db, async (trx) => {
    await recordInquiry(trx, 'delete', id);
    return deleteInquiriesWithReplies(trx, [id]);
  });
  await store.remove(files);
}

/** Who filters, and when: `Unanswered=true` needs the cutoff of `now` (companyUnansweredCutoff). */
export type FilterContext = Pick<InboxReader, 'userId' | 'scope' | 'now'> & { unansweredCutoff?: string | undefined };

/**
 * The query's filter as the repository takes it; `To` includes the whole day; `Assignee=me` and
 * `Unread` are the reader's; only the types they may see.
 */
export function listFilter(
  db: Db,
  query: InquiryFilter,
  { userId, scope, now, unansweredCutoff }: FilterContext,
): InquiryListFilter {
  const assignee = query.Assignee;
  if (query.Unanswered === 'true' && unansweredCutoff === undefined) throw new Error('Unanswered=true needs the cutoff');
  return {
    subjects: scope,
    // Unread without a signed-in user (never on the staff's routes): what nobody opened, as `-1` opened nothing.
    newBut: query.Unread === 'true' ? readInquiryIds(db, userId ?? -1) : undefined,
    spam: query.Spam === 'true',
    search: query.Search || undefined,
    subject: query.Subject,
    deliveryStatus: query.Delivery,
    handled: query.Handled === undefined ? undefined : query.Handled === 'true',
    status: query.Status,
    // `me` without a signed-in user (never on the staff's routes) matches nobody's.
    assigneeId: assignee === undefined ? undefined : assignee === 'none' ? null : assignee === 'me' ? (userId ?? -1) : assignee,
    followUpBy: query.FollowUpDue === 'true' ? berlinDate(now) : undefined,
    unansweredBefore: query.Unanswered === 'true' ? unansweredCutoff : undefined,
    jobId: query.JobID,
    since: query.From ? berlinMidnight(query.From) : undefined,
    until: query.To ? berlinMidnight(nextDay(query.To)) : undefined,
  };
}

/**
 * The matching inquiries as CSV, produced as the rows are read: memory stays flat whatever the
 * count. The first batch is read before this returns, so that a database outage still answers
 * with an error status instead of a download that breaks off.
 */
export async function inquiriesCsv(
  db: Db,
  query: InquiryFilter,
  options: CsvOptions,
  reader: Pick<InboxReader, 'userId' | 'scope' | 'now'>,
): Promise<AsyncGenerator<string>> {
  await checkTypeKeys(db, query.Subject === undefined ? undefined : [query.Subject], 'Subject');
  const unansweredCutoff = query.Unanswered === 'true' ? await companyUnansweredCutoff(db, reader.now) : undefined;
  const rows = eachInquiry(db, listFilter(db, query, { ...reader, unansweredCutoff }));
  const first = await rows.next();
  const typeNames = await addedTypeNames(db);
  const answered = answerReader(db);
  const line = async (item: InquiryListItem) =>
    csvLine(item, options, { typeNames: typeNames.get(item.subject), answered: await answered(item) });
  return (async function* () {
    let chunk = csvHead(options);
    if (!first.done) {
      chunk += await line(first.value);
      for await (const item of rows) {
        chunk += await line(item);
        // Fewer, larger writes: one chunk per ~64 KB instead of one per row.
        if (chunk.length >= 65_536) {
          yield chunk;
          chunk = '';
        }
      }
    }
    if (chunk) yield chunk;
  })();
}
