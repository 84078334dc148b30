import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The go-live checklist (issue 29) removes the sample
// content staff have not replaced: the seed marks its categories, projects and jobs with
// `sample = 1`, and a change by staff clears it. Rows of sites seeded before this migration stay
// unmarked (0): nothing here can tell a sample from a row staff wrote, and a wrong guess would
// delete real content.
const tables = ['categories', 'projects', 'jobs'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('sample', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).dropColumn('sample').execute();
}
