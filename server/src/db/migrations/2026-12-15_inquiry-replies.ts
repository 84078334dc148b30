import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. Replies from the dashboard (issue 42): each is an
// inquiry's mail (`inquiry_mails`), and this table holds what staff composed, who sent it and the
// client's key that makes a repeated request answer the first reply instead of sending another.
// The reply's files are objects of the attachments storage named by `inquiry_reply_attachments`.
// Both go with the mail (and the mail with the inquiry): cascades, and the inbox's delete, which
// also removes the stored files.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('inquiry_replies')
    .addColumn('outbox_id', 'integer', (c) => c.primaryKey().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('inquiry_id', 'integer', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('by_id', 'integer')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .execute();
  // One reply per client key and inquiry; replies without a key are not limited (NULLs differ).
  await db.schema.createIndex('inquiry_replies_key').on('inquiry_replies').columns(['inquiry_id', 'key']).unique().execute();

  await db.schema
    .createTable('inquiry_reply_attachments')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('inquiry_replies.outbox_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inquiry_reply_attachments_outbox')
    .on('inquiry_reply_attachments')
    .columns(['outbox_id', 'id'])
    .execute();
  await db.schema.createIndex('inquiry_reply_attachments_key').on('inquiry_reply_attachments').column('storage_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_reply_attachments').execute();
  await db.schema.dropTable('inquiry_replies').execute();
}
