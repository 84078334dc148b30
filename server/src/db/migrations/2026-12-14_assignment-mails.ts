import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The mail telling a colleague that an inquiry was
// given to them (issue 42): the outbox row is an inquiry's mail (`inquiry_mails`, deleted with
// the inquiry); this table names whom it was for and who assigned it. No foreign key to users, as
// for an inquiry's assignee: a mail whose colleague is no longer the assignee is not sent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assignment_mails')
    .addColumn('outbox_id', 'integer', (c) => c.primaryKey().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('by_name', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assignment_mails').execute();
}
