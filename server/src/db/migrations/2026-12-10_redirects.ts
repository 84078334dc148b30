import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. Redirects of old addresses and the log of
// addresses that lead nowhere (issue 43, decision 047). `from_key` is the address as matched
// (decoded, lower case, no trailing slash; WordPress's ?p=ID or ?page_id=ID kept): one redirect
// per key. The not-found log is bounded by its owner (a fixed budget of rows, the most frequent
// kept); `path_key` is matched like a redirect's `from`.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('redirects')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('from_path', 'text', (c) => c.notNull())
    .addColumn('from_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('keep_query', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('not_found_log')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('path_key', 'text', (c) => c.notNull().unique())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bot_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('not_found_log').execute();
  await db.schema.dropTable('redirects').execute();
}
