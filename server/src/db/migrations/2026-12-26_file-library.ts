import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. The file library (issue 45, decision 060): one row
// per file, a document's object or a picture's renditions in the media store; `slug` fixed at the
// first upload, so the address stays when the file is replaced; `deleted_at`/`deleted_by` for the
// trash (decision 037).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('library_files')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title_de', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('alt_de', 'text')
    .addColumn('alt_en', 'text')
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('picture', 'text')
    .addColumn('content_tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('library_files').execute();
}
