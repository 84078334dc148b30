import {
  type InquiryDetail,
  type InquiryFilter,
  type InquirySubject,
  type InquirySummary,
  type MailDelivery,
  apiRoutes,
  apiUrl,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordInquiry } from './inquiry-audit';
import { berlinMidnight, nextDay } from '../../lib/berlin-days';
import { notFound } from '../../lib/http-error';
import { mailsOfInquiry, requeueMail } from '../../mail/outbox.repository';
import type { ObjectStorage } from '../../storage/object-storage';
import {
  type Inquiry,
  type InquiryListFilter,
  type InquiryListItem,
  attachmentsOf,
  clearSpam,
  deleteInquiries,
  eachInquiry,
  findInquiry,
  findInquiryOrigin,
  listInquiries,
  setDeliveryStatus,
  setHandled,
} from '../contact/inquiries.repository';
import { type CsvOptions, csvHead, csvLine } from './inquiry-csv';

function summary(item: InquiryListItem): InquirySummary {
  return {
    id: item.id,
    reference: item.reference,
    createdAt: item.createdAt,
    subject: item.subject,
    firstName: item.firstName,
    lastName: item.lastName,
    companyName: item.companyName,
    email: item.email,
    status: item.status,
    deliveryStatus: item.deliveryStatus,
    spam: item.spam,
    attachmentCount: item.attachmentCount,
    job: item.jobId === null && item.jobTitle === null ? null : { id: item.jobId, title: item.jobTitle },
  };
}

/** The inquiry types a signed-in user may see; undefined: all (issue 31). */
export type InquiryScope = readonly InquirySubject[] | undefined;

export async function inquiryPage(
  db: Db,
  query: InquiryFilter & { PageLength: number; PageNumber: number },
  scope: InquiryScope = undefined,
) {
  const { items, count } = await listInquiries(
    db,
    { ...listFilter(query), subjects: scope },
    {
      limit: query.PageLength,
      offset: (query.PageNumber - 1) * query.PageLength,
    },
  );
  return { data: items.map(summary), count };
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

export async function inquiryDetail(db: Db, id: number): Promise<InquiryDetail> {
  const inquiry = await existing(db, id);
  const [attachments, mails, origin] = await Promise.all([
    attachmentsOf(db, id),
    mailsOfInquiry(db, id),
    findInquiryOrigin(db, id),
  ]);
  return {
    ...summary({ ...inquiry, attachmentCount: attachments.length }),
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
    // An inquiry's mails are of its two kinds only; the filter tells the type so.
    mails: mails.flatMap((m): MailDelivery[] =>
      m.kind !== 'inquiry' && m.kind !== 'confirmation'
        ? []
        : [
            {
              kind: m.kind,
              status: m.status,
              attempts: m.attempts,
              nextAttemptAt: m.status === 'pending' ? m.nextAttemptAt : null,
              lastError: m.lastError,
              sentAt: m.sentAt,
              history: m.history,
            },
          ],
    ),
    origin: origin ?? null,
  };
}

export async function markHandled(db: Db, id: number, handled: boolean): Promise<InquiryDetail> {
  const done = await inTransaction(db, async (trx) => {
    const changed = await setHandled(trx, id, handled ? new Date().toISOString() : null);
    if (changed) await recordInquiry(trx, handled ? 'handled' : 'unhandled', id);
    return changed;
  });
  if (!done) throw notFound('Inquiry');
  return inquiryDetail(db, id);
}

/**
 * Queues the mail to the company once more (after it failed, or to get it again). An inquiry the
 * spam checks caught is thereby declared genuine and mailed as if it had just arrived: to the
 * company, and (with `confirmationMail`) the visitor's confirmation, which it never got.
 */
export async function resendInquiry(db: Db, id: number, kick: () => void, confirmationMail = false): Promise<InquiryDetail> {
  const inquiry = await existing(db, id);
  const now = new Date().toISOString();
  await inTransaction(db, async (trx) => {
    if (inquiry.spam) {
      await clearSpam(trx, inquiry.id);
      if (confirmationMail) await requeueMail(trx, inquiry.id, 'confirmation', now);
      await recordInquiry(trx, 'markNotSpam', id);
    }
    // Pending before the mail is queued again: the outbox may send it and settle it 'delivered' at once.
    await setDeliveryStatus(trx, inquiry.id, 'pending');
    await requeueMail(trx, inquiry.id, 'inquiry', now);
    await recordInquiry(trx, 'resend', id);
  });
  kick();
  return inquiryDetail(db, id);
}

export async function deleteInquiry(db: Db, store: ObjectStorage, id: number): Promise<void> {
  await existing(db, id);
  const files = await inTransaction(db, async (trx) => {
    await recordInquiry(trx, 'delete', id);
    return deleteInquiries(trx, [id]);
  });
  await store.remove(files);
}

/** The query's filter as the repository takes it; `To` includes the whole day. */
export function listFilter(query: InquiryFilter): InquiryListFilter {
  return {
    spam: query.Spam === 'true',
    search: query.Search || undefined,
    subject: query.Subject,
    deliveryStatus: query.Delivery,
    handled: query.Handled === undefined ? undefined : query.Handled === 'true',
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
  scope: InquiryScope = undefined,
): Promise<AsyncGenerator<string>> {
  const rows = eachInquiry(db, { ...listFilter(query), subjects: scope });
  const first = await rows.next();
  return (async function* () {
    let chunk = csvHead(options);
    if (!first.done) {
      chunk += csvLine(first.value, options);
      for await (const item of rows) {
        chunk += csvLine(item, options);
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
