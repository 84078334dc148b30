import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The trash (issue 31, decision 037): a deleted
// project, category or job opening keeps its row, with when and by whom it was deleted, until it
// is restored or purged (30 days, or an admin empties the trash). Every public and dashboard read
// leaves such rows out. `deleted_by` is the user's name as it was, not a reference: the trash
// still says who deleted a thing after that account is gone.
const tables = ['categories', 'projects', 'jobs'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('deleted_by', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // An older release knows no trash and would show what is in it: it is deleted for good first
  // (its picture files stay behind in the media store, unused).
  const trashed = (table: string) => db.selectFrom(table).select('id').where('deleted_at', 'is not', null);
  await db.deleteFrom('project_texts').where('project_id', 'in', trashed('projects')).execute();
  await db.deleteFrom('projects').where('deleted_at', 'is not', null).execute();
  await db.updateTable('projects').set({ category_id: null }).where('category_id', 'in', trashed('categories')).execute();
  await db.deleteFrom('category_translations').where('category_id', 'in', trashed('categories')).execute();
  await db.deleteFrom('categories').where('deleted_at', 'is not', null).execute();
  await db.deleteFrom('job_texts').where('job_id', 'in', trashed('jobs')).execute();
  await db.deleteFrom('jobs').where('deleted_at', 'is not', null).execute();
  for (const table of tables) {
    await db.schema.alterTable(table).dropColumn('deleted_by').execute();
    await db.schema.alterTable(table).dropColumn('deleted_at').execute();
  }
}
