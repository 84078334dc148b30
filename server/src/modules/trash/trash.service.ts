import type { FastifyBaseLogger } from 'fastify';
import { type TrashList, type TrashRestore, type TrashRestoreResult, trashRetentionDays } from '@blitz/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { deleteCategory, restoreCategory } from '../categories/categories.repository';
import { deleteJob, restoreJob } from '../jobs/jobs.repository';
import { findProject, restoreProject } from '../projects/projects.repository';
import { findCategory } from '../categories/categories.repository';
import { findJob } from '../jobs/jobs.repository';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { categoryEntry, jobEntry, projectEntry } from '../audit/item-changes';
import { purgeProject } from '../projects/projects.service';
import { type TrashRecord, listTrash } from './trash.repository';

export type TrashDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger };

export async function getTrash(db: Db): Promise<TrashList> {
  const data = await listTrash(db);
  return { data, count: data.length };
}

/**
 * Brings an item back as it was (decision 037). A project whose category is in the trash too
 * brings that category back with it (the category alone, not its other projects).
 */
export async function restoreItem(db: Db, item: TrashRestore): Promise<TrashRestoreResult> {
  const id = Number(item.id);
  // The restore and its entry in the audit trail, one transaction.
  return inTransaction(db, async (trx) => {
    if (item.kind === 'project') {
      const outcome = await restoreProject(trx, id);
      if (!outcome) throw notFound('Trash item');
      await recordChange(trx, projectEntry('restore', id, await findProject(trx, id)));
      if (outcome.restoredCategoryId !== null)
        await recordChange(
          trx,
          categoryEntry('restore', outcome.restoredCategoryId, await findCategory(trx, outcome.restoredCategoryId)),
        );
      return {
        restored: [
          { kind: 'project' as const, id },
          ...(outcome.restoredCategoryId === null ? [] : [{ kind: 'category' as const, id: outcome.restoredCategoryId }]),
        ],
        featuredDropped: outcome.featuredDropped,
      };
    }
    const restored = item.kind === 'category' ? await restoreCategory(trx, id) : await restoreJob(trx, id);
    if (!restored) throw notFound('Trash item');
    await recordChange(
      trx,
      item.kind === 'category'
        ? categoryEntry('restore', id, await findCategory(trx, id))
        : jobEntry('restore', id, await findJob(trx, id, { kind: 'staff' })),
    );
    return { restored: [{ kind: item.kind, id }], featuredDropped: false };
  });
}

/**
 * Deletes items of the trash for good, projects first (their files go once no other project,
 * trashed or not, uses them), then categories and jobs. Each item on its own: one restored
 * meanwhile stays, and an interruption leaves the rest for the next round. Answers how many went.
 */
async function purge(deps: TrashDeps, items: TrashRecord[]): Promise<number> {
  let removed = 0;
  const order = { project: 0, category: 1, job: 2 } as const;
  for (const item of [...items].sort((a, b) => order[a.kind] - order[b.kind])) {
    const gone =
      item.kind === 'project'
        ? await purgeProject(deps, item.id)
        : item.kind === 'category'
          ? await deleteCategory(deps.db, item.id, { trashed: true })
          : await deleteJob(deps.db, item.id, { trashed: true });
    if (gone) removed++;
  }
  return removed;
}

/** The admin's "empty the trash": everything in it, now. */
export async function emptyTrash(deps: TrashDeps): Promise<{ removed: number }> {
  const removed = await purge(deps, await listTrash(deps.db));
  deps.log.info({ removed }, 'trash emptied');
  if (removed > 0)
    await recordChange(deps.db, { action: 'emptyTrash', kind: 'trash', title: '', note: `${removed} removed for good` });
  return { removed };
}

/** What has been in the trash for `trashRetentionDays`. */
export async function purgeExpired(deps: TrashDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - trashRetentionDays * 24 * 3600_000).toISOString();
  return purge(deps, await listTrash(deps.db, cutoff));
}
