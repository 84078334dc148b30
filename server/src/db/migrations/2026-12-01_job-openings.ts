import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. Job openings, edited in the dashboard: a row per
// job and its localised texts beside it, as projects have them. Dates are `YYYY-MM-DD` text
// (a calendar day, no time zone); `published` is 0/1 on both databases.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('jobs')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('valid_through', 'text')
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_position_idx').on('jobs').columns(['position', 'id']).execute();

  await db.schema
    .createTable('job_texts')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('language', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_texts_pk', ['job_id', 'field', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_texts').execute();
  await db.schema.dropTable('jobs').execute();
}
