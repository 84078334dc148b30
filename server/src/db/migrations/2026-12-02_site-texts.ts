import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The page texts staff changed (decision 022): a
// row per text and language that differs from the shipped default or has a draft. `published`
// null: visitors read the default; `has_draft` 1 with `draft` null: the draft puts the default back.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_texts')
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('published', 'text')
    .addColumn('draft', 'text')
    .addColumn('has_draft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_texts_pk', ['namespace', 'key', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_texts').execute();
}
