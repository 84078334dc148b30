import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. The WordPress import (issue 43, decision 054): its
// jobs (state, progress, report, the stored export and uploads zip while it runs) and the items it
// brought in, keyed by the WordPress post's GUID, so that a repeat or a resumed import creates
// nothing twice. `project_id` is cleared when the project is deleted for good: the post stays
// imported (a repeat does not bring back what staff threw away).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('wordpress_import_jobs')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('export_key', 'text')
    .addColumn('uploads_key', 'text')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('wordpress_import_jobs_state').on('wordpress_import_jobs').column('state').execute();
  await db.schema
    .createTable('wordpress_imported_items')
    .addColumn('guid', 'text', (c) => c.primaryKey())
    .addColumn('wordpress_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('job_id', 'integer', (c) => c.references('wordpress_import_jobs.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wordpress_imported_items_project').on('wordpress_imported_items').column('project_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wordpress_imported_items').execute();
  await db.schema.dropTable('wordpress_import_jobs').execute();
}
