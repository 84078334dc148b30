import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { type InquiryReplyCreated, type InquiryReplyInput, inquiryReplyFields, inquiryReplySchema } from '@blitz/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { type OutboxHandler, outboxMessageId } from '../../mail/outbox';
import { mailsWithHistory } from '../../mail/outbox.repository';
import type { ObjectStorage, StoredObject } from '../../storage/object-storage';
import { getCompanyDetails } from '../company/company-details.service';
import { type ReceivedFile, readParts, scanFiles } from '../contact/contact.service';
import type { MalwareScanner } from '../contact/malware-scanner';
import { findInquiry, updateInquiryWork } from '../contact/inquiries.repository';
import { inquiryOfMail, mailsOfInquiry } from '../contact/inquiry-mails.repository';
import { getMailSettings, senderAddress } from '../mail-settings/mail-settings.service';
import { recordInquiry } from './inquiry-audit';
import {
  type ReplyFile,
  type StoredReply,
  findReply,
  findReplyByKey,
  insertReply,
  replyFiles,
} from './inquiry-replies.repository';
import { type Doer, insertWorkEvents } from './inquiry-work.repository';

// Replies from the dashboard (issue 42, decision 048): staff compose an answer to the sender, with
// files; it is stored with its files and queued as one of the inquiry's mails in one transaction,
// and the outbox sends it from the company's address, threaded to the confirmation the sender got.

export type ReplyDeps = {
  db: Db;
  store: ObjectStorage;
  scanner?: MalwareScanner | undefined;
  log?: FastifyBaseLogger;
  /** Whether mail leaves through a mail server: without one a reply would only reach the log. */
  mailServer: boolean;
  /** The time a reply is written at (the app's clock). */
  clock?: () => Date;
};

/** What a request carries: JSON (`json`) or a multipart body (`parts`); `headerKey` from `Idempotency-Key`. */
export type ReplyRequest = { json: unknown; parts?: AsyncIterable<Multipart> | undefined; headerKey?: string | undefined };

/** A refused field, named as the request named it. */
function invalid(error: z.ZodError): HttpError {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  return new HttpError(400, 'validation', `Invalid or missing fields: ${[...new Set(errors.map((e) => e.field))].join(', ')}`, {
    errors,
  });
}

/** What an inquiry must be to be answered: there, not spam, and a mail server to send through. */
async function answerable(db: Db, id: number, mailServer: boolean) {
  const inquiry = await findInquiry(db, id);
  if (!inquiry) throw notFound('Inquiry');
  if (inquiry.spam) throw conflict('A spam inquiry is not answered; mark it as not spam first');
  if (!mailServer) throw conflict('No mail server is set (SMTP_URL): a reply cannot be sent');
  return inquiry;
}

/**
 * Stores and queues a reply to the inquiry's sender, sets it answered (a line in its time line, an
 * entry in the audit trail without the reply's content). A request with a key already used for
 * this inquiry answers the reply made with it and queues nothing (`repeated`). Answers whether a
 * mail was queued, and the reply as the API shows it.
 */
export async function sendReply(
  deps: ReplyDeps,
  inquiryId: number,
  request: ReplyRequest,
  by: Doer,
): Promise<{ reply: InquiryReplyCreated; repeated: boolean }> {
  const { db, store } = deps;
  await answerable(db, inquiryId, deps.mailServer);
  const headerKey = request.headerKey?.trim() || undefined;
  if (headerKey !== undefined && !inquiryReplySchema.shape.key.safeParse(headerKey).success) {
    throw new HttpError(400, 'validation', 'Invalid header: Idempotency-Key', {
      errors: [{ field: 'Idempotency-Key', message: 'at most 100 letters, digits and . _ : -' }],
    });
  }
  if (headerKey) {
    const earlier = await findReplyByKey(db, inquiryId, headerKey);
    // The repeat's body is not read: the route's upload drain reads and drops it.
    if (earlier) return { reply: await shown(db, earlier), repeated: true };
  }
  let files: ReceivedFile[] = [];
  let committed = false;
  try {
    let input: unknown = request.json;
    if (request.parts) {
      const fields = new Map<string, string[]>();
      ({ files } = await readParts(request.parts, store, fields));
      const field = (name: string) => fields.get(name)?.[0];
      input = Object.fromEntries(
        [inquiryReplyFields.subject, inquiryReplyFields.body, inquiryReplyFields.key].flatMap((name) =>
          field(name) === undefined ? [] : [[name, field(name)]],
        ),
      );
    }
    const parsed = inquiryReplySchema.safeParse(input ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    const key = parsed.data.key ?? headerKey ?? null;
    await scanFiles(files, deps);
    const stored = await storeReply(db, inquiryId, parsed.data, key, files, by, deps.clock ?? (() => new Date()));
    committed = stored.outboxId !== undefined;
    const reply = await findReply(db, stored.outboxId ?? stored.earlier!.outboxId);
    return { reply: await shown(db, reply ?? stored.earlier!), repeated: stored.outboxId === undefined };
  } finally {
    if (!committed) await store.remove(files.map((f) => f.key));
  }
}

/** The reply's rows, its mail, the status and its trail in one transaction; a key used already answers the earlier reply. */
async function storeReply(
  db: Db,
  inquiryId: number,
  input: InquiryReplyInput,
  key: string | null,
  files: readonly ReceivedFile[],
  by: Doer,
  clock: () => Date,
): Promise<{ outboxId?: number; earlier?: StoredReply }> {
  try {
    return await inTransaction(db, async (trx) => {
      const inquiry = await findInquiry(trx, inquiryId);
      if (!inquiry) throw notFound('Inquiry');
      if (key !== null) {
        const earlier = await findReplyByKey(trx, inquiryId, key);
        if (earlier) return { earlier };
      }
      const now = clock().toISOString();
      const outboxId = await insertReply(trx, {
        inquiryId,
        subject: input.subject,
        body: input.body,
        by,
        createdAt: now,
        key,
        files: files.map((f): ReplyFile => ({
          fileName: f.fileName,
          contentType: f.contentType,
          size: f.size,
          storageKey: f.key,
        })),
      });
      const answered = inquiry.status !== 'answered';
      if (answered) {
        await updateInquiryWork(trx, inquiryId, { status: 'answered', handledAt: null });
        await insertWorkEvents(trx, inquiryId, by, now, [{ kind: 'status', value: 'answered' }]);
      }
      // Never the subject or the text: the trail outlives the inquiry.
      const note = [`attachments: ${files.length}`, ...(answered ? ['status: answered'] : [])].join(', ');
      await recordInquiry(trx, 'reply', inquiryId, note);
      return { outboxId };
    });
  } catch (error) {
    // Two requests with one key at once: the second finds the first's row by the unique key.
    if (key === null || !isUniqueViolation(error)) throw error;
    const earlier = await findReplyByKey(db, inquiryId, key);
    if (!earlier) throw error;
    return { earlier };
  }
}

/** A reply as the API shows it: what was composed, by whom, its files and its mail's state. */
async function shown(db: Db, reply: StoredReply): Promise<InquiryReplyCreated> {
  const [files, [mail]] = await Promise.all([replyFiles(db, reply.outboxId), mailsWithHistory(db, [reply.outboxId])]);
  return {
    id: reply.outboxId,
    subject: reply.subject,
    body: reply.body,
    by: reply.byName,
    createdAt: reply.createdAt,
    attachments: files.map(({ fileName, contentType, size }) => ({ fileName, contentType, size })),
    status: (mail?.status ?? 'pending') as InquiryReplyCreated['status'],
  };
}

/**
 * The reply's mail: to the sender, from the company's sender address with its Reply-To (answers
 * reach the company's mailbox), the subject and text as composed (plain text), its files streamed
 * from storage, and threaded (`In-Reply-To`, `References`) to the confirmation the sender got,
 * when one was queued. Built from the reply's own rows only: no internal note can reach it.
 */
export function replyOutboxHandler(
  store: ObjectStorage,
  config: Pick<Config, 'mailFrom' | 'contactToBySubject'>,
  messageIdDomain: (db: Db) => Promise<string>,
): OutboxHandler {
  return {
    async render(db, entry) {
      const reply = await findReply(db, entry.id);
      const inquiryId = reply ? reply.inquiryId : await inquiryOfMail(db, entry.id);
      const inquiry = inquiryId === undefined ? undefined : await findInquiry(db, inquiryId);
      if (!reply || !inquiry || inquiry.spam) return undefined;
      const { settings: company } = await getCompanyDetails(db);
      const mail = await getMailSettings(db, config);
      const confirmations = (await mailsOfInquiry(db, inquiry.id)).filter((m) => m.kind === 'confirmation');
      // The confirmation the sender has (sent or logged), else the first queued.
      const confirmation = confirmations.find((m) => m.status === 'sent' || m.status === 'logged') ?? confirmations[0];
      const threadedTo = confirmation && outboxMessageId(confirmation, await messageIdDomain(db));
      const files = await replyFiles(db, reply.outboxId);
      // Opened now, closed by the outbox once the try is over (sent or not).
      const opened: (ReplyFile & { object: StoredObject })[] = [];
      try {
        for (const file of files) {
          const object = await store.open(file.storageKey);
          if (!object) throw new Error(`attachment ${file.storageKey} of a reply to ${inquiry.reference} is not in storage`);
          opened.push({ ...file, object });
        }
      } catch (error) {
        for (const file of opened) file.object.stream.destroy();
        throw error;
      }
      return {
        from: { name: company.name, address: senderAddress(mail, config.mailFrom) },
        replyTo: { name: company.name, address: mail.replyTo },
        to: inquiry.email,
        subject: reply.subject,
        text: reply.body,
        attachments: opened.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.object.stream })),
        ...(threadedTo ? { inReplyTo: threadedTo, references: [threadedTo] } : {}),
        headers: { 'X-Inquiry-Reference': inquiry.reference },
      };
    },
  };
}
