import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The inquiry form's definition as staff shape it
// (issue 44, decision 057): every version kept, since an inquiry is checked against the version
// its form showed and keeps its fields' words as they were (`inquiries.form_version`; null: sent
// before this release, with SPEC.md's form, version 0).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inquiry_form_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('inquiries').addColumn('form_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('form_version').execute();
  await db.schema.dropTable('inquiry_form_versions').execute();
}
