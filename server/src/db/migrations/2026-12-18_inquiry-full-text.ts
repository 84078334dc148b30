import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time, written against Kysely<any>. The inbox's search becomes an index seek (issue 42:
// at 10⁶ inquiries it scanned every folded text, 0.6–5 s). Both indexes hold trigrams of
// `search_folded`, so a search still finds any part of a name, address or message, as before.
// - SQLite: an FTS5 table with the trigram tokenizer over the column (external content: it keeps
//   no copy of the text), kept by triggers in the writing statement's transaction, deletions
//   included; `secure-delete` takes a deleted row's trigrams out of the index at once (an erasure
//   leaves none behind for a later merge).
// - PostgreSQL: a GIN trigram index (pg_trgm, a trusted extension since PostgreSQL 13), which
//   serves `search_folded like '%…%'` itself. The extension goes into `public`, never into the
//   site's schema: dropping one site's schema must not take it from the others. Where it is not
//   installed and cannot be (a host without contrib), the search stays a scan, as before.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const opclass = await trigramOpclass(db);
    if (opclass)
      await sql`create index inquiries_search_trgm on inquiries using gin (search_folded ${sql.raw(opclass)})`.execute(db);
    return;
  }
  await sql`create virtual table inquiries_search using fts5(
    search_folded, content = 'inquiries', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`insert into inquiries_search (inquiries_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into inquiries_search (inquiries_search) values ('rebuild')`.execute(db);
  await sql`create trigger inquiries_search_insert after insert on inquiries begin
    insert into inquiries_search (rowid, search_folded) values (new.id, new.search_folded);
  end`.execute(db);
  await sql`create trigger inquiries_search_delete after delete on inquiries begin
    insert into inquiries_search (inquiries_search, rowid, search_folded) values ('delete', old.id, old.search_folded);
  end`.execute(db);
  await sql`create trigger inquiries_search_update after update of search_folded on inquiries begin
    insert into inquiries_search (inquiries_search, rowid, search_folded) values ('delete', old.id, old.search_folded);
    insert into inquiries_search (rowid, search_folded) values (new.id, new.search_folded);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index if exists inquiries_search_trgm`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update'])
    await sql`drop trigger ${sql.id(`inquiries_search_${trigger}`)}`.execute(db);
  await sql`drop table inquiries_search`.execute(db);
}

/** pg_trgm's GIN operator class, schema-qualified, after installing the extension where that is allowed; null where not. */
async function trigramOpclass(db: Kysely<any>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  let schema = await installed();
  if (!schema) {
    // Sites (and test files) in other schemas may be installing it at this moment.
    await sql`select pg_advisory_xact_lock(${sql.lit(0x7067747267)})`.execute(db); // 'pgtrg'
    schema = await installed();
  }
  if (!schema) {
    const { rows } = await sql<{ ok: boolean }>`
      select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE')
        and coalesce((select has_schema_privilege(oid, 'CREATE') from pg_namespace where nspname = 'public'), false) as ok`.execute(
      db,
    );
    if (!rows[0]?.ok) return null;
    await sql`create extension pg_trgm with schema public`.execute(db);
    schema = await installed();
  }
  return schema ? `${quoteIdent(schema)}.gin_trgm_ops` : null;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
