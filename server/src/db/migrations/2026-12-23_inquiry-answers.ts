import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. What an inquiry answered in the fields its type
// adds (issue 44): JSON by field key, read with the definition of its `form_version`; null: none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('answers', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('answers').execute();
}
