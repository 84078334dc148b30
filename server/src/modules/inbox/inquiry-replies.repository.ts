import type { Db } from '../../db/database';
import type { StoredFiles } from '../../storage/stored-files';
import { queueInquiryMail } from '../contact/inquiry-mails.repository';

// Replies from the dashboard (issue 42): an inquiry's mail (`inquiry_mails`: deleted with it)
// with what staff composed (`inquiry_replies`) and its files (`inquiry_reply_attachments`, objects
// of the attachments storage). The inbox's tables; their SQL is here only.

export type ReplyFile = { fileName: string; contentType: string; size: number; storageKey: string };

export type StoredReply = {
  outboxId: number;
  inquiryId: number;
  subject: string;
  body: string;
  byName: string;
  createdAt: string;
  key: string | null;
};

export type NewReply = {
  inquiryId: number;
  subject: string;
  body: string;
  by: { id: number | null; name: string };
  createdAt: string;
  key: string | null;
  files: readonly ReplyFile[];
};

/** Queues the reply's mail and stores the reply with its files, in the caller's transaction; answers the mail's id. */
export async function insertReply(db: Db, reply: NewReply): Promise<number> {
  const outboxId = await queueInquiryMail(db, reply.inquiryId, 'reply', reply.createdAt);
  await db
    .insertInto('inquiry_replies')
    .values({
      outbox_id: outboxId,
      inquiry_id: reply.inquiryId,
      subject: reply.subject,
      body: reply.body,
      by_id: reply.by.id,
      by_name: reply.by.name,
      created_at: reply.createdAt,
      key: reply.key,
    })
    .execute();
  if (reply.files.length > 0) {
    await db
      .insertInto('inquiry_reply_attachments')
      .values(
        reply.files.map((f) => ({
          outbox_id: outboxId,
          file_name: f.fileName,
          content_type: f.contentType,
          size: f.size,
          storage_key: f.storageKey,
        })),
      )
      .execute();
  }
  return outboxId;
}

const replyColumns = [
  'outbox_id as outboxId',
  'inquiry_id as inquiryId',
  'subject',
  'body',
  'by_name as byName',
  'created_at as createdAt',
  'key',
] as const;

/** The reply a mail sends; undefined once it is gone. */
export async function findReply(db: Db, outboxId: number): Promise<StoredReply | undefined> {
  return db.selectFrom('inquiry_replies').select(replyColumns).where('outbox_id', '=', outboxId).executeTakeFirst();
}

/** The reply of an inquiry made with this client key, if there is one. */
export async function findReplyByKey(db: Db, inquiryId: number, key: string): Promise<StoredReply | undefined> {
  return db
    .selectFrom('inquiry_replies')
    .select(replyColumns)
    .where('inquiry_id', '=', inquiryId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The replies of an inquiry, oldest first. */
export async function repliesOf(db: Db, inquiryId: number): Promise<StoredReply[]> {
  return db.selectFrom('inquiry_replies').select(replyColumns).where('inquiry_id', '=', inquiryId).orderBy('outbox_id').execute();
}

/** A reply's files, in the order they were sent. */
export async function replyFiles(db: Db, outboxId: number): Promise<ReplyFile[]> {
  return db
    .selectFrom('inquiry_reply_attachments')
    .select(['file_name as fileName', 'content_type as contentType', 'size', 'storage_key as storageKey'])
    .where('outbox_id', '=', outboxId)
    .orderBy('id')
    .execute();
}

/**
 * Deletes the replies of these inquiries with their file rows, in the caller's transaction (the
 * inquiries are being deleted); answers the storage keys, which the caller removes after the commit.
 */
export async function deleteRepliesOfInquiries(trx: Db, inquiryIds: readonly number[]): Promise<string[]> {
  if (inquiryIds.length === 0) return [];
  const replies = trx.selectFrom('inquiry_replies').select('outbox_id').where('inquiry_id', 'in', inquiryIds);
  const files = await trx
    .selectFrom('inquiry_reply_attachments')
    .select('storage_key')
    .where('outbox_id', 'in', replies)
    .execute();
  await trx.deleteFrom('inquiry_reply_attachments').where('outbox_id', 'in', replies).execute();
  await trx.deleteFrom('inquiry_replies').where('inquiry_id', 'in', inquiryIds).execute();
  return files.map((f) => f.storage_key);
}

/** Which of these storage keys a reply's file row still names (the orphan sweep keeps them). */
export async function referencedReplyKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('inquiry_reply_attachments')
      .select('storage_key')
      .where('storage_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.storage_key);
  }
  return found;
}

/** A reply's file in the attachments store: backups take it. */
export const replyAttachmentStoredFiles: StoredFiles = {
  table: 'inquiry_reply_attachments',
  columns: ['storage_key'],
  filesOf: (row) => [{ store: 'attachments', key: String(row['storage_key']) }],
};
