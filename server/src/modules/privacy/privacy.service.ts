import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { PersonErasure, PersonEraseRequest, PersonLookup } from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { MailHistory } from '../../mail/outbox.repository';
import type { ObjectStorage } from '../../storage/object-storage';
import { recordChange } from '../audit/audit.recorder';
import { emailKey } from '../contact/contact-keys';
import {
  type Inquiry,
  type StoredAttachment,
  attachmentsOfInquiries,
  deleteInquiries,
  inquiriesOfEmailKey,
} from '../contact/inquiries.repository';
import { mailsOfInquiry } from '../contact/inquiry-mails.repository';
import { readRetention, spamRetentionDays } from '../inbox/inquiry-housekeeping';
import { addedTypeNames, answerReader, currentInquiryTypes, fieldLabelsOf } from '../inquiry-types/inquiry-types.service';
import { type InquiryNote, type InquiryWorkEvent, noteCounts, notesOf, workEventsOf } from '../inbox/inquiry-work.repository';
import { deleteInquiryOrigins, findInquiryOrigin } from '../statistics/statistics.repository';
import { summaryText } from './privacy-summary';

/*
 * Data-subject requests (issue 42, decision 049). Everything stored about a person hangs off their
 * inquiries, found by the stored `email_key`: the attachments and mails (contact's), the notes, time
 * line and reads (the inbox's, deleted with the inquiry by cascade), the origin (the statistics').
 * This module owns no table: it calls those modules' repositories.
 */

export type PrivacyDeps = { db: Db; attachments: ObjectStorage };

/** An attachment as the archive holds it: its place under files/; `missing`: its row is there, its file not (found by personArchive). */
type ArchivedAttachment = Omit<StoredAttachment, 'storageKey' | 'inquiryId'> & {
  path: string;
  storageKey: string;
  missing?: boolean;
};

/** One inquiry with everything stored beside it. */
export type PersonRecord = {
  inquiry: Inquiry;
  attachments: ArchivedAttachment[];
  mails: MailHistory[];
  notes: InquiryNote[];
  events: InquiryWorkEvent[];
  origin: { source: string; campaign: string; landingPath: string; formPath: string } | null;
  /** A type staff added (issue 44): its names and retention as they are now; undefined for SPEC.md's three. */
  addedType?: { names: { de: string; en: string }; retentionDays: number | null } | undefined;
  /** Its answers to the fields its type adds, with their words as they were. */
  answered: { label: { de: string; en: string }; text: { de: string; en: string } }[];
  /** The words staff gave SPEC.md's adjustable fields in the form it was sent with, where they gave any. */
  fieldLabels: { key: string; de: string; en: string }[];
};

/** The key the address is stored under; the schema has refused an empty one. */
const keyOf = (email: string): string => emailKey(email) ?? '';

/** A file name as one path segment of the archive: no folders, no control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const archiveName = (name: string) => name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_') || 'file';

export async function lookupPerson(db: Db, email: string): Promise<PersonLookup> {
  const key = keyOf(email);
  const inquiries = await inquiriesOfEmailKey(db, key);
  const typeNames = await addedTypeNames(db);
  const ids = inquiries.map((i) => i.id);
  const [attachments, notes, mails] = await Promise.all([
    attachmentsOfInquiries(db, ids),
    noteCounts(db, ids),
    Promise.all(ids.map((id) => mailsOfInquiry(db, id))),
  ]);
  const items = inquiries.map((inquiry, index) => ({
    id: inquiry.id,
    reference: inquiry.reference,
    createdAt: inquiry.createdAt,
    subject: inquiry.subject,
    typeNames: typeNames.get(inquiry.subject) ?? null,
    status: inquiry.status,
    deliveryStatus: inquiry.deliveryStatus,
    spam: inquiry.spam,
    language: inquiry.language,
    attachments: attachments.filter((a) => a.inquiryId === inquiry.id).map((a) => ({ fileName: a.fileName, size: a.size })),
    mails: mails[index]!.map((m) => ({ kind: m.kind, status: m.status })),
    noteCount: notes.get(inquiry.id) ?? 0,
  }));
  return {
    email: key,
    inquiries: items,
    totals: {
      inquiries: items.length,
      attachments: attachments.length,
      attachmentBytes: attachments.reduce((sum, a) => sum + a.size, 0),
      mails: items.reduce((sum, i) => sum + i.mails.length, 0),
      notes: items.reduce((sum, i) => sum + i.noteCount, 0),
    },
  };
}

async function recordsOf(db: Db, key: string): Promise<PersonRecord[]> {
  const inquiries = await inquiriesOfEmailKey(db, key);
  const answered = answerReader(db);
  const types = (await currentInquiryTypes(db)).types;
  const attachments = await attachmentsOfInquiries(
    db,
    inquiries.map((i) => i.id),
  );
  return Promise.all(
    inquiries.map(async (inquiry) => {
      const [mails, notes, events, origin, answers, fieldLabels] = await Promise.all([
        mailsOfInquiry(db, inquiry.id),
        notesOf(db, inquiry.id),
        workEventsOf(db, inquiry.id),
        findInquiryOrigin(db, inquiry.id),
        answered(inquiry),
        fieldLabelsOf(db, inquiry),
      ]);
      const type = types.find((t) => t.key === inquiry.subject && !t.builtIn);
      return {
        inquiry,
        addedType: type && { names: type.names, retentionDays: type.retentionDays },
        answered: answers,
        fieldLabels,
        attachments: attachments
          .filter((a) => a.inquiryId === inquiry.id)
          .map((a) => ({
            id: a.id,
            fileName: a.fileName,
            contentType: a.contentType,
            size: a.size,
            storageKey: a.storageKey,
            path: `files/${archiveName(inquiry.reference)}/${a.id}-${archiveName(a.fileName)}`,
          })),
        mails,
        notes,
        events,
        origin: origin ?? null,
      };
    }),
  );
}

/** data.json: every stored field of each inquiry and what hangs off it; mails by kind, status and times, never their rendered text. */
function dataJson(key: string, records: readonly PersonRecord[], now: Date): string {
  const data = {
    email: key,
    exportedAt: now.toISOString(),
    inquiries: records.map((r) => ({
      ...r.inquiry,
      attachments: r.attachments.map((a) => ({
        fileName: a.fileName,
        contentType: a.contentType,
        size: a.size,
        ...(a.missing ? { path: null, missing: true } : { path: a.path }),
      })),
      mails: r.mails.map((m) => ({
        kind: m.kind,
        status: m.status,
        attempts: m.attempts,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
        lastError: m.lastError,
        history: m.history,
      })),
      notes: r.notes.map((n) => ({ at: n.at, byName: n.byName, text: n.text })),
      events: r.events,
      origin: r.origin,
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** `missingFiles`: attachments whose rows name a file storage no longer holds (listed, not in the archive). */
export type PersonArchive = { stream: Readable; inquiries: number; language: 'de' | 'en'; missingFiles: number };

/**
 * Marks the attachments whose file storage does not hold, so that the archive names them instead
 * of breaking off at them. A storage that cannot be asked throws here, before anything is sent.
 */
async function markMissingFiles(storage: ObjectStorage, records: readonly PersonRecord[]): Promise<number> {
  let missing = 0;
  for (const attachment of records.flatMap((r) => r.attachments)) {
    const object = await storage.open(attachment.storageKey);
    object?.stream.destroy();
    attachment.missing = !object;
    if (!object) missing += 1;
  }
  return missing;
}

/**
 * The person's archive as a ZIP, streamed: summary.txt in their language (their latest inquiry's;
 * German when none), data.json, and the files under files/ read from storage one at a time as the
 * archive reaches them. Everything but the files is read before this returns, and each file is
 * looked up, so a database or storage outage answers with an error status, not a download that
 * breaks off; a file storage lost is named in summary.txt and data.json instead. The export is
 * recorded in the audit trail with the count only.
 */
export async function personArchive(deps: PrivacyDeps, email: string, now = new Date()): Promise<PersonArchive> {
  const key = keyOf(email);
  const records = await recordsOf(deps.db, key);
  const missingFiles = await markMissingFiles(deps.attachments, records);
  const retention = await readRetention(deps.db);
  const language = records[0]?.inquiry.language ?? 'de';
  await recordChange(deps.db, {
    action: 'export',
    kind: 'person',
    id: null,
    title: 'GDPR Art. 15',
    note: `${records.length} ${records.length === 1 ? 'inquiry' : 'inquiries'}`,
  });

  const zip = new ZipFile();
  const output = new PassThrough();
  const mtime = now;
  zip.addBuffer(Buffer.from(summaryText(language, key, records, retention, spamRetentionDays, now), 'utf8'), 'summary.txt', {
    mtime,
  });
  zip.addBuffer(Buffer.from(dataJson(key, records, now), 'utf8'), 'data.json', { mtime });
  for (const record of records) {
    for (const attachment of record.attachments) {
      if (attachment.missing) continue;
      zip.addReadStreamLazy(attachment.path, { mtime, size: attachment.size }, (done) => {
        deps.attachments.open(attachment.storageKey).then(
          (object) =>
            object
              ? done(null, object.stream)
              : done(new Error(`attachment ${attachment.id} missing from storage`), Readable.from([])),
          (error: unknown) => done(error, Readable.from([])),
        );
      });
    }
  }
  zip.on('error', (error: Error) => output.destroy(error));
  (zip.outputStream as Readable).on('error', (error: Error) => output.destroy(error)).pipe(output);
  zip.end();
  return { stream: output, inquiries: records.length, language, missingFiles };
}

/**
 * Erases everything stored about the address in one transaction — the inquiries through the
 * inbox's deletion path (attachment rows, the mails with their attempts; notes, time line, reads by
 * cascade; the search text is a column of the row), the statistics' origins — and records one stub
 * in the audit trail: what went and the staff's reason, never the address. The files are removed
 * after the commit; one whose removal fails is left to the attachments' sweep (no row names it).
 */
export async function erasePerson(
  deps: PrivacyDeps & { warn: (error: unknown) => void },
  request: PersonEraseRequest,
): Promise<PersonErasure> {
  const key = keyOf(request.email);
  const { erased, files } = await inTransaction(deps.db, async (trx) => {
    const ids = (await inquiriesOfEmailKey(trx, key)).map((i) => i.id);
    const notes = [...(await noteCounts(trx, ids)).values()].reduce((sum, n) => sum + n, 0);
    const mails = (await Promise.all(ids.map((id) => mailsOfInquiry(trx, id)))).reduce((sum, m) => sum + m.length, 0);
    await deleteInquiryOrigins(trx, ids);
    const files = await deleteInquiries(trx, ids);
    const erased = { inquiries: ids.length, files: files.length, mails, notes };
    await recordChange(trx, {
      action: 'erase',
      kind: 'person',
      id: null,
      title: 'GDPR Art. 17',
      note: `erased: ${erased.inquiries} inquiries, ${erased.files} files, ${erased.mails} mails, ${erased.notes} notes; reason: ${request.reason}`,
    });
    return { erased, files };
  });
  await deps.attachments.remove(files).catch(deps.warn);
  return erased;
}
