import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. A reference project's and a job opening's own
// title and description for search engines, in German and English (issue 45, decision 059).
// Columns, not rows of `project_texts`/`job_texts`: a server of the release before, running beside
// this one, reads every text row into a field it knows and would stumble over a new field, while it
// passes over columns it does not select. Empty ('') is no entry: the page's head is made from the
// item's texts, as before.
const tables = ['projects', 'jobs'] as const;
const columns = ['search_title_de', 'search_title_en', 'search_description_de', 'search_description_en'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    for (const column of columns) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
