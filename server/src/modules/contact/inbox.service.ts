import type { InquiryDetail, InquirySummary, MailDelivery } from '@blitz/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { mailsOfInquiry, requeueMail } from '../../mail/outbox.repository';
import type { AttachmentStore } from '../../media/attachment-store';
import {
  type Inquiry,
  type InquiryListItem,
  attachmentsOf,
  clearSpam,
  deleteInquiries,
  findInquiry,
  listInquiries,
  setDeliveryStatus,
  setHandled,
} from './inquiries.repository';

const apiBase = '/api/v1';

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
  };
}

export async function inquiryPage(db: Db, query: { PageLength: number; PageNumber: number; Spam: 'true' | 'false' }) {
  const { items, count } = await listInquiries(db, {
    spam: query.Spam === 'true',
    limit: query.PageLength,
    offset: (query.PageNumber - 1) * query.PageLength,
  });
  return { data: items.map(summary), count };
}

async function existing(db: Db, id: number): Promise<Inquiry> {
  const inquiry = await findInquiry(db, id);
  if (!inquiry) throw notFound('Inquiry');
  return inquiry;
}

export async function inquiryDetail(db: Db, id: number): Promise<InquiryDetail> {
  const inquiry = await existing(db, id);
  const [attachments, mails] = await Promise.all([attachmentsOf(db, id), mailsOfInquiry(db, id)]);
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
      url: `${apiBase}/Inquiry/${id}/Attachment/${a.id}`,
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
  };
}

export async function markHandled(db: Db, id: number, handled: boolean): Promise<InquiryDetail> {
  if (!(await setHandled(db, id, handled ? new Date().toISOString() : null))) throw notFound('Inquiry');
  return inquiryDetail(db, id);
}

/**
 * Queues the mail to the company once more (after it failed, or to get it again). An inquiry the
 * spam checks caught is thereby declared genuine.
 */
export async function resendInquiry(db: Db, id: number, kick: () => void): Promise<InquiryDetail> {
  const inquiry = await existing(db, id);
  if (inquiry.spam) await clearSpam(db, inquiry.id);
  await requeueMail(db, inquiry.id, 'inquiry', new Date().toISOString());
  await setDeliveryStatus(db, inquiry.id, 'pending');
  kick();
  return inquiryDetail(db, id);
}

export async function deleteInquiry(db: Db, store: AttachmentStore, id: number): Promise<void> {
  await existing(db, id);
  await store.remove(await deleteInquiries(db, [id]));
}

const csvColumns: [string, (i: InquiryListItem) => string | number | null][] = [
  ['id', (i) => i.id],
  ['reference', (i) => i.reference],
  ['createdAt', (i) => i.createdAt],
  ['subject', (i) => i.subject],
  ['firstName', (i) => i.firstName],
  ['lastName', (i) => i.lastName],
  ['companyName', (i) => i.companyName],
  ['email', (i) => i.email],
  ['phone', (i) => i.phone],
  ['companyAddress', (i) => i.companyAddress],
  ['buildingSize', (i) => i.buildingSize],
  ['regards', (i) => i.regards.join(', ')],
  ['message', (i) => i.message],
  ['attachments', (i) => i.attachmentCount],
  ['deliveryStatus', (i) => i.deliveryStatus],
  ['status', (i) => i.status],
  ['handledAt', (i) => i.handledAt],
  ['language', (i) => i.language],
];

/** One CSV cell: quoted, and never read as a formula by a spreadsheet (CSV injection). */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Every stored inquiry (not the caught spam), newest first, as CSV with a BOM for spreadsheets. */
export async function inquiriesCsv(db: Db): Promise<string> {
  const { items } = await listInquiries(db, { spam: false });
  const lines = [
    csvColumns.map(([name]) => csvCell(name)).join(','),
    ...items.map((i) => csvColumns.map(([, get]) => csvCell(get(i))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
