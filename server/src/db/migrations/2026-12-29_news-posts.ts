import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. News posts (issue 45, decision 063), stored as pages
// are (decision 061): the values as one JSON document and a live post's draft of changes as
// another; beside them the columns lists, lookups and the schedule read. `publish_at` is the
// moment (UTC, ISO text: moments compare as text) from which visitors see a published post;
// `shown_date` the date visitors read with it (the list's order); `changed_at` when the values
// last changed (the feed's `updated`).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('news_posts')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull().unique())
    .addColumn('title_de', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text')
    .addColumn('shown_date', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  // The schedule's next moment and the visitors' list: published posts by their time.
  await db.schema.createIndex('news_posts_published_at').on('news_posts').columns(['published', 'publish_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('news_posts').execute();
}
