import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The contact form tokens inquiries have spent, kept
// until the token would have expired anyway (issue 27, point 7): a token passes the fill time once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('used_form_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_form_tokens_expires_at').on('used_form_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('used_form_tokens').execute();
}
