import { featuredLimit } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { TrashRecord } from '../registry/trash-adapter';
import { trashRecords, trashWrite } from '../trash/trash-rows';
import { bumpContentVersion } from '../content/content-version.repository';
import { restoreCategory } from '../categories/categories.repository';
import { projectMediaKeys } from './project-media-keys';
import { lockOrder } from './project-order.repository';

/**
 * Holds a project of the trash until the transaction ends (a write to it: PostgreSQL locks the row
 * and checks the condition again after waiting), and answers whether it is still there: a restore
 * that came first wins, one that comes later finds nothing.
 */
export async function holdTrashedProject(trx: Db, id: number): Promise<boolean> {
  const result = await trx
    .updateTable('projects')
    .set((eb) => ({ deleted_at: eb.ref('deleted_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves a project to the trash (decision 037): hidden everywhere, kept whole. False if there is no such project (or it is in the trash already). */
export const trashProject = (db: Db, id: number, by: string, at: string = nowIso()) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('projects')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );

/** The projects in the trash, with their titles; `before`: only those deleted before then. */
export async function trashedProjects(db: Db, before?: string): Promise<TrashRecord[]> {
  const [rows, titles] = await Promise.all([
    db
      .selectFrom('projects')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select(['id', 'deleted_at', 'deleted_by'])
      .execute(),
    db
      .selectFrom('project_texts as t')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .where('p.deleted_at', 'is not', null)
      .where('t.field', '=', 'title')
      .select(['t.project_id as id', 't.language', 't.content'])
      .execute(),
  ]);
  return trashRecords('project', rows, titles);
}

export type ProjectRestore = {
  /** Its category, when that was in the trash too and came back with it. */
  restoredCategoryId: number | null;
  /** It was featured, but the selection is full now: it came back not featured. */
  featuredDropped: boolean;
};

/**
 * Brings a project back from the trash as it was: texts, picture and category link never left
 * its row; its order key did not either, and the unique index kept every other project from
 * taking it, so it comes back between the same neighbours. Its featured place too, if the
 * selection has room. Undefined if it is not in the trash.
 */
export async function restoreProject(db: Db, id: number): Promise<ProjectRestore | undefined> {
  return inTransaction(db, async (trx) => {
    await lockOrder(trx);
    // The content version first, as every write here takes it (the same lock order: no deadlock);
    // then the row: held, so a purge at the same moment either deleted it already (nothing to
    // restore) or waits and then finds it restored.
    await bumpContentVersion(trx);
    const row = await trx
      .updateTable('projects')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning(['category_id', 'featured_key'])
      .executeTakeFirst();
    if (!row) return undefined;
    let featuredDropped = false;
    if (row.featured_key !== null) {
      const { n } = await trx
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('featured_key', 'is not', null)
        .where('deleted_at', 'is', null)
        .where('id', '!=', id)
        .executeTakeFirstOrThrow();
      featuredDropped = Number(n) >= featuredLimit;
      if (featuredDropped) await trx.updateTable('projects').set({ featured_key: null }).where('id', '=', id).execute();
    }
    const restoredCategoryId = row.category_id !== null && (await restoreCategory(trx, row.category_id)) ? row.category_id : null;
    return { restoredCategoryId, featuredDropped };
  });
}

/**
 * The media keys that only trashed projects name (decision 037): withheld from visitors while
 * those projects are in the trash, served again once one is restored. A key that a live project
 * names too (an identical upload, published or in a draft) is not withheld. Usually there is no
 * trashed project, and then this is one small query.
 */
export async function keysOnlyTrashedProjectsName(db: Db): Promise<string[]> {
  const trashed = await db.selectFrom('projects').select(['pictures', 'draft']).where('deleted_at', 'is not', null).execute();
  if (trashed.length === 0) return [];
  const live = await db.selectFrom('projects').select(['pictures', 'draft']).where('deleted_at', 'is', null).execute();
  const used = new Set(live.flatMap(projectMediaKeys));
  return [...new Set(trashed.flatMap(projectMediaKeys))].filter((key) => !used.has(key));
}
