import { sql } from 'kysely';
import { ContentLanguage, type TrashKind } from '@blitz/contract';
import type { Db } from '../../db/database';

/** An item in the trash as the repository reads it. */
export type TrashRecord = { kind: TrashKind; id: number; title: string; deletedAt: string; deletedBy: string };

type TrashRow = { id: number; deleted_at: string | null; deleted_by: string | null; title: string | null };

/**
 * Everything in the trash, newest deletion first; `before`: only what was deleted before then (the
 * purge). A title is the German one, else the other (a category: its name). One small query per
 * table: the trash holds a handful of rows.
 */
export async function listTrash(db: Db, before?: string): Promise<TrashRecord[]> {
  const germanFirst = sql`case when t.language = ${sql.lit(ContentLanguage.German)} then 0 else 1 end`;
  const [projects, categories, jobs] = await Promise.all([
    db
      .selectFrom('projects')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select((eb) => [
        'id',
        'deleted_at',
        'deleted_by',
        eb
          .selectFrom('project_texts as t')
          .select('t.content')
          .whereRef('t.project_id', '=', 'projects.id')
          .where('t.field', '=', 'title')
          .orderBy(germanFirst)
          .limit(1)
          .as('title'),
      ])
      .execute(),
    db
      .selectFrom('categories')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select(['id', 'deleted_at', 'deleted_by', 'name as title'])
      .execute(),
    db
      .selectFrom('jobs')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select((eb) => [
        'id',
        'deleted_at',
        'deleted_by',
        eb
          .selectFrom('job_texts as t')
          .select('t.content')
          .whereRef('t.job_id', '=', 'jobs.id')
          .where('t.field', '=', 'title')
          .orderBy(germanFirst)
          .limit(1)
          .as('title'),
      ])
      .execute(),
  ]);
  const record = (kind: TrashKind) => (row: TrashRow) => ({
    kind,
    id: row.id,
    title: row.title ?? '',
    deletedAt: row.deleted_at ?? '',
    deletedBy: row.deleted_by ?? '',
  });
  return [...projects.map(record('project')), ...categories.map(record('category')), ...jobs.map(record('job'))].sort(
    (a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.kind.localeCompare(b.kind) || a.id - b.id,
  );
}
