import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. Drafts of reference projects (decision 033):
// `published` (1: visitors see it; every existing project stays published) and `draft`, the JSON
// of a published project's pending values (null: none). The location and the work duration become
// localised like the title: a `project_texts` row per language (fields `location` and
// `duration`), the existing value kept as the German and the English one alike. The `location` and
// `work_duration` columns keep the German value.
const fold = (text: string) => text.normalize('NFC').toLowerCase();

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('projects').addColumn('draft', 'text').execute();
  // The visitors' list in the staff's order: published rows straight from the index.
  await db.schema.createIndex('projects_published_order_idx').on('projects').columns(['published', 'order_key']).execute();

  const rows: { id: number; location: string; work_duration: string }[] = await db
    .selectFrom('projects')
    .select(['id', 'location', 'work_duration'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const texts = [
      ['location', row.location.trim()],
      ['duration', row.work_duration.trim()],
    ].flatMap(([field, content]) =>
      content ? [1, 2].map((language) => ({ project_id: row.id, field, language, content, content_folded: fold(content!) })) : [],
    );
    if (texts.length > 0) await db.insertInto('project_texts').values(texts).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('project_texts').where('field', 'in', ['location', 'duration']).execute();
  await db.schema.dropIndex('projects_published_order_idx').execute();
  await db.schema.alterTable('projects').dropColumn('draft').execute();
  await db.schema.alterTable('projects').dropColumn('published').execute();
}
