import { type Kysely, sql } from 'kysely';

// Frozen in time, written against Kysely<any>. Indexes for the project list (measured with
// 10,000 projects, docs/benchmarks.md):
// - a category's projects, newest first, straight from the index (no sort of the whole category);
//   it also serves the foreign key, so the single-column index goes;
// - the title search scans a small index of the titles alone instead of visiting every text row
//   (a '%…%' search cannot seek, but scanning 1 MB of titles beats 11 MB of all texts). Partial,
//   so that long descriptions never enter a b-tree (PostgreSQL limits an index entry to ~2.7 KB).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('projects_category_created_idx')
    .on('projects')
    .columns(['category_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('projects_category_idx').execute();
  await db.schema
    .createIndex('project_texts_title_search_idx')
    .on('project_texts')
    .columns(['content_folded', 'language', 'project_id'])
    .where(sql.ref('field'), '=', sql.lit('title'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('project_texts_title_search_idx').execute();
  await db.schema.createIndex('projects_category_idx').on('projects').column('category_id').execute();
  await db.schema.dropIndex('projects_category_created_idx').execute();
}
