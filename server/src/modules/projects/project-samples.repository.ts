import { ContentLanguage } from '@blitz/contract';
import type { Db } from '../../db/database';
import { anyCategory } from '../categories/categories.repository';

/** The projects of the sample content staff have not changed. */
export async function sampleProjectIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('sample', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The categories that a project of staff (not sample content) names, live or in the trash: such a
 * category is theirs now, and removing it would leave that project without one.
 */
export async function categoriesOfStaffProjects(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('projects')
    .select('category_id')
    .distinct()
    .where('sample', '=', 0)
    .where('category_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.category_id!));
}

/**
 * Marks as sample content the projects of an earlier release's seed that nobody changed since: the
 * seed's creation time, never updated, and its German title. Answers how many it marked.
 */
export async function markSampleProjects(
  db: Db,
  samples: readonly { createdAt: string; germanTitle: string }[],
): Promise<number> {
  let marked = 0;
  for (const sample of samples) {
    const result = await db
      .updateTable('projects')
      .set({ sample: 1 })
      .where('sample', '=', 0)
      .where('created_at', '=', sample.createdAt)
      .whereRef('updated_at', '=', 'created_at')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('project_texts')
            .select('project_id')
            .whereRef('project_texts.project_id', '=', 'projects.id')
            .where('field', '=', 'title')
            .where('language', '=', ContentLanguage.German)
            .where('content', '=', sample.germanTitle),
        ),
      )
      .executeTakeFirst();
    marked += Number(result.numUpdatedRows);
  }
  return marked;
}

/** True when the database holds no category and no project (the sample content's condition). */
export async function isContentEmpty(db: Db): Promise<boolean> {
  const [project, category] = await Promise.all([
    db.selectFrom('projects').select('id').limit(1).executeTakeFirst(),
    anyCategory(db),
  ]);
  return !project && !category;
}
