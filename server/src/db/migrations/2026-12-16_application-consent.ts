import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. An applicant's consent to be kept for later
// openings (issue 42, decision 050): when it was given, the version of the box's wording and the
// words shown; null for every inquiry without one (all stored before this release). The retention
// finds closed applications by type, status and closing time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('consent_at', 'text').execute();
  await db.schema.alterTable('inquiries').addColumn('consent_version', 'text').execute();
  await db.schema.alterTable('inquiries').addColumn('consent_text', 'text').execute();
  await db.schema.createIndex('inquiries_subject_closed').on('inquiries').columns(['subject', 'status', 'handled_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inquiries_subject_closed').execute();
  await db.schema.alterTable('inquiries').dropColumn('consent_text').execute();
  await db.schema.alterTable('inquiries').dropColumn('consent_version').execute();
  await db.schema.alterTable('inquiries').dropColumn('consent_at').execute();
}
