import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. An application names its job (issue 29): the job's
// id and its title as it was when the application arrived, so that a job removed later (or just
// before) leaves the application whole. No foreign key: the job may go, the application stays.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('job_id', 'integer').execute();
  await db.schema.alterTable('inquiries').addColumn('job_title', 'text').execute();
  await db.schema.createIndex('inquiries_job_id').on('inquiries').column('job_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inquiries_job_id').execute();
  await db.schema.alterTable('inquiries').dropColumn('job_title').execute();
  await db.schema.alterTable('inquiries').dropColumn('job_id').execute();
}
