import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, written against Kysely<any>. How many inquiries there are of each spam flag,
// type and status, kept by the database itself (decision 055): the inbox's first page and its
// views by type or status read a few rows instead of counting up to 10⁶ index entries (96–157 ms
// on PostgreSQL). Triggers on `inquiries` keep it in the writing statement's transaction, so a
// rollback takes its change back and every write — in whichever module — is counted; the count
// is the sum of a group's rows, exact at every read.
// - PostgreSQL: statement-level triggers add one row per group a statement changed (its delta,
//   from the statement's transition tables): concurrent inserts each add their own row and never
//   wait for one another's commit on a shared one. Housekeeping folds the rows into one per group.
// - SQLite: one row per group, added to in place (its writers take turns anyway).
// The table is derived: backups leave it out, and a restore's inserts fill it through the triggers.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('inquiry_counts')
    .addColumn('spam', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  if (postgres) {
    await sql`create function inquiry_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into inquiry_counts (spam, subject, status, n)
            select spam, subject, status, count(*) from new_rows group by spam, subject, status;
        elsif tg_op = 'DELETE' then
          insert into inquiry_counts (spam, subject, status, n)
            select spam, subject, status, -count(*) from old_rows group by spam, subject, status;
        elsif tg_op = 'UPDATE' then
          -- Only what moved between groups: a change of assignee or follow-up adds nothing.
          insert into inquiry_counts (spam, subject, status, n)
            select spam, subject, status, sum(d) from (
              select spam, subject, status, -1 as d from old_rows
              union all select spam, subject, status, 1 from new_rows) moved
            group by spam, subject, status having sum(d) <> 0;
        else
          delete from inquiry_counts;
        end if;
        return null;
      end $$`.execute(db);
    // Transition tables allow one event per trigger.
    await sql`create trigger inquiry_counts_insert after insert on inquiries referencing new table as new_rows
      for each statement execute function inquiry_counts_track()`.execute(db);
    await sql`create trigger inquiry_counts_delete after delete on inquiries referencing old table as old_rows
      for each statement execute function inquiry_counts_track()`.execute(db);
    await sql`create trigger inquiry_counts_update after update on inquiries
      referencing old table as old_rows new table as new_rows
      for each statement execute function inquiry_counts_track()`.execute(db);
    await sql`create trigger inquiry_counts_truncate after truncate on inquiries
      for each statement execute function inquiry_counts_track()`.execute(db);
  } else {
    await db.schema
      .createIndex('inquiry_counts_group')
      .on('inquiry_counts')
      .columns(['spam', 'subject', 'status'])
      .unique()
      .execute();
    const add = (row: 'new' | 'old', by: string) =>
      sql.raw(`insert into inquiry_counts (spam, subject, status, n) values (${row}.spam, ${row}.subject, ${row}.status, ${by})
        on conflict (spam, subject, status) do update set n = n + excluded.n;`);
    await sql`create trigger inquiry_counts_insert after insert on inquiries begin ${add('new', '1')} end`.execute(db);
    await sql`create trigger inquiry_counts_delete after delete on inquiries begin ${add('old', '-1')} end`.execute(db);
    await sql`create trigger inquiry_counts_update after update of spam, subject, status on inquiries
      when old.spam is not new.spam or old.subject is not new.subject or old.status is not new.status
      begin ${add('old', '-1')} ${add('new', '1')} end`.execute(db);
  }
  // After the triggers: on PostgreSQL their creation locks out other writers until this
  // migration's commit, so no inquiry is written between the count and the triggers.
  await sql`insert into inquiry_counts (spam, subject, status, n)
    select spam, subject, status, count(*) from inquiries group by spam, subject, status`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of postgres ? ['insert', 'delete', 'update', 'truncate'] : ['insert', 'delete', 'update'])
    await sql`drop trigger ${sql.id(`inquiry_counts_${event}`)}${postgres ? sql` on inquiries` : sql``}`.execute(db);
  if (postgres) await sql`drop function inquiry_counts_track()`.execute(db);
  await db.schema.dropTable('inquiry_counts').execute();
}
