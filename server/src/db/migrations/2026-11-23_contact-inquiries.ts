import type { Kysely } from 'kysely';

// Frozen in time. Adds what the contact inbox and the mail outbox need beyond the initial tables:
// a spam flag on inquiries (caught ones are kept, never mailed), the owner of an outbox lease
// (a sender only settles rows it still holds), and indexes for the lookups by inquiry.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_owner', 'text').execute();
  await db.schema.createIndex('mail_outbox_inquiry_idx').on('mail_outbox').column('inquiry_id').execute();
  await db.schema.createIndex('mail_attempts_outbox_idx').on('mail_attempts').column('outbox_id').execute();
  await db.schema.createIndex('inquiries_subject_created_idx').on('inquiries').columns(['subject', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inquiries_subject_created_idx').ifExists().execute();
  await db.schema.dropIndex('mail_attempts_outbox_idx').ifExists().execute();
  await db.schema.dropIndex('mail_outbox_inquiry_idx').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('lease_owner').execute();
  await db.schema.alterTable('inquiries').dropColumn('spam').execute();
}
