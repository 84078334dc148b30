import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, written against Kysely<any>. One shape for "this mail belongs to that row"
// (issue 41, decision 046): the outbox's `inquiry_id` moves into a table of the contact module,
// `inquiry_mails (outbox_id, inquiry_id)`, as the invitation and summary mails name theirs.
// Deleting an inquiry deletes its side rows by cascade (the repository deletes its mails first).
//
// SQLite cannot drop a column that is in a foreign key, so there `mail_outbox` is rebuilt without
// it (sqlite.org/lang_altertable.html, "other kinds of table schema changes"): with foreign keys
// off, or dropping the old table would cascade into `mail_attempts` and the side tables, and in
// one transaction, checked before it commits. Its AUTOINCREMENT position is kept, so that no id
// (and no Message-ID made from it) is given twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inquiry_mails')
    .addColumn('outbox_id', 'integer', (c) => c.primaryKey().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('inquiry_id', 'integer', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('inquiry_mails_inquiry').on('inquiry_mails').column('inquiry_id').execute();
  await db
    .insertInto('inquiry_mails')
    .columns(['outbox_id', 'inquiry_id'])
    .expression(db.selectFrom('mail_outbox').select(['id', 'inquiry_id']).where('inquiry_id', 'is not', null))
    .execute();

  await db.schema.dropIndex('mail_outbox_inquiry_idx').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('mail_outbox').dropColumn('inquiry_id').execute();
  } else {
    await rebuildSqliteOutbox(db);
  }
}

/** `mail_outbox` as it is from this migration on, its rows and its indexes, on SQLite. */
async function rebuildSqliteOutbox(db: Kysely<any>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`pragma foreign_keys = off`.execute(conn);
    try {
      await conn.transaction().execute(async (trx) => {
        const sequence = await trx
          .selectFrom('sqlite_sequence')
          .select('seq')
          .where('name', '=', 'mail_outbox')
          .executeTakeFirst();
        await trx.schema
          .createTable('mail_outbox_new')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text', (c) => c.notNull())
          .addColumn('lease_until', 'text')
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text')
          .addColumn('lease_owner', 'text')
          .execute();
        const columns = [
          'id',
          'kind',
          'status',
          'attempts',
          'next_attempt_at',
          'lease_until',
          'last_error',
          'created_at',
          'sent_at',
          'lease_owner',
        ];
        await trx
          .insertInto('mail_outbox_new')
          .columns(columns)
          .expression(trx.selectFrom('mail_outbox').select(columns))
          .execute();
        await trx.schema.dropTable('mail_outbox').execute();
        await trx.schema.alterTable('mail_outbox_new').renameTo('mail_outbox').execute();
        await trx.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
        if (sequence) {
          await trx
            .updateTable('sqlite_sequence')
            .set({ seq: sql`max(seq, ${sequence.seq})` })
            .where('name', '=', 'mail_outbox')
            .execute();
          // No row of the new table yet (an empty outbox): the position is written as it was.
          await sql`insert into sqlite_sequence (name, seq) select 'mail_outbox', ${sequence.seq}
            where not exists (select 1 from sqlite_sequence where name = 'mail_outbox')`.execute(trx);
        }
        const broken = await sql`pragma foreign_key_check`.execute(trx);
        if (broken.rows.length > 0)
          throw new Error(`foreign keys broken by the rebuild of mail_outbox: ${JSON.stringify(broken.rows)}`);
      });
    } finally {
      await sql`pragma foreign_keys = on`.execute(conn);
    }
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  // SQLite adds a column with a foreign key when its default is null, as here.
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('inquiry_id', 'integer', (c) => c.references('inquiries.id').onDelete('cascade'))
    .execute();
  await db
    .updateTable('mail_outbox')
    .set({
      inquiry_id: (eb: any) =>
        eb
          .selectFrom('inquiry_mails')
          .select('inquiry_mails.inquiry_id')
          .whereRef('inquiry_mails.outbox_id', '=', 'mail_outbox.id'),
    })
    .execute();
  await db.schema.createIndex('mail_outbox_inquiry_idx').on('mail_outbox').column('inquiry_id').execute();
  await db.schema.dropTable('inquiry_mails').execute();
}
