import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The weekly summary mail of the visitor statistics
// (issue 32, decision 025): who asks for it (per user: users have no address of their own), which
// weeks are queued (the claim that makes it once per week, however many instances run), and
// which queued mail is whose and of which week.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_summary_recipients')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('statistics_summary_weeks')
    .addColumn('week', 'text', (c) => c.primaryKey())
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('statistics_summary_mails')
    .addColumn('outbox_id', 'integer', (c) => c.primaryKey().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('statistics_summary_mails_user_idx').on('statistics_summary_mails').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statistics_summary_mails').ifExists().execute();
  await db.schema.dropTable('statistics_summary_weeks').ifExists().execute();
  await db.schema.dropTable('statistics_summary_recipients').ifExists().execute();
  // An older release's outbox knows no such mail; its queued and sent ones go with the tables.
  await db.deleteFrom('mail_outbox').where('kind', '=', 'statisticsSummary').execute();
}
