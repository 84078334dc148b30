import type { FastifyBaseLogger } from 'fastify';
import { type TrashList, type TrashRestore, type TrashRestoreResult, trashRetentionDays } from '@blitz/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { deleteCategory, restoreCategory } from '../categories/categories.repository';
import { deleteJob, restoreJob } from '../jobs/jobs.repository';
import { restoreProject } from '../projects/projects.repository';
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
  if (item.kind === 'project') {
    const outcome = await restoreProject(db, id);
    if (!outcome) throw notFound('Trash item');
    return {
      restored: [
        { kind: 'project', id },
        ...(outcome.restoredCategoryId === null ? [] : [{ kind: 'category' as const, id: outcome.restoredCategoryId }]),
      ],
      featuredDropped: outcome.featuredDropped,
    };
  }
  const restored = item.kind === 'category' ? await restoreCategory(db, id) : await restoreJob(db, id);
  if (!restored) throw notFound('Trash item');
  return { restored: [{ kind: item.kind, id }], featuredDropped: false };
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
  return { removed };
}

/** What has been in the trash for `trashRetentionDays`. */
export async function purgeExpired(deps: TrashDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - trashRetentionDays * 24 * 3600_000).toISOString();
  return purge(deps, await listTrash(deps.db, cutoff));
}
