import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. Pages staff add (issue 45, decision 061). The
// values a visitor sees (title, place, search entry, sections) are one JSON document, checked by
// the contract's schema on every write; a live page's draft of changes is another (null: none),
// as projects' (decision 033). `address_key` is the address as matched (NFC, lower case): one page
// per address, a page in the trash keeping its address until it is purged.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('custom_pages')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull().unique())
    .addColumn('title_de', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('place_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_pages').execute();
}
