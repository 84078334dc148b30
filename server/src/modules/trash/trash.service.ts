import { type TrashList, type TrashRestore, type TrashRestoreResult, trashRetentionDays } from '@blitz/contract';
import { notFound } from '../../lib/http-error';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import type { TrashAdapter, TrashPurgeDeps, TrashRecord } from '../registry/trash-adapter';

/**
 * `adapters`: one per kind of item the trash holds, handed in by its domain's module record, in purge order
 * (`trashAdaptersOf`): a project before the category it names.
 */
export type TrashDeps = TrashPurgeDeps & { adapters: readonly TrashAdapter[] };

/** Everything in the trash, newest deletion first; `before`: only what was deleted before then. */
async function listTrash(deps: Pick<TrashDeps, 'db' | 'adapters'>, before?: string): Promise<TrashRecord[]> {
  const found = await Promise.all(deps.adapters.map((adapter) => adapter.find(deps.db, before)));
  return found.flat().sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.kind.localeCompare(b.kind) || a.id - b.id);
}

export async function getTrash(deps: Pick<TrashDeps, 'db' | 'adapters'>): Promise<TrashList> {
  const data = await listTrash(deps);
  return { data, count: data.length };
}

/** Brings an item back as it was (decision 037), with what its domain brings back with it. */
export async function restoreItem(deps: Pick<TrashDeps, 'db' | 'adapters'>, item: TrashRestore): Promise<TrashRestoreResult> {
  const adapter = deps.adapters.find((a) => a.kind === item.kind);
  // The restore and its entry in the audit trail, one transaction.
  const result = adapter && (await inTransaction(deps.db, (trx) => adapter.restore(trx, Number(item.id))));
  if (!result) throw notFound('Trash item');
  return result;
}

/**
 * Deletes items of the trash for good, in the order of the adapters (projects first: their files
 * go once no other project, trashed or not, uses them; then categories and jobs). Each item on its
 * own: one restored meanwhile stays, and an interruption leaves the rest for the next round.
 * Answers how many went.
 */
async function purge(deps: TrashDeps, items: TrashRecord[]): Promise<number> {
  let removed = 0;
  for (const adapter of deps.adapters) {
    for (const item of items) {
      if (item.kind === adapter.kind && (await adapter.purge(deps, item.id))) removed++;
    }
  }
  return removed;
}

/** The admin's "empty the trash": everything in it, now. */
export async function emptyTrash(deps: TrashDeps): Promise<{ removed: number }> {
  const removed = await purge(deps, await listTrash(deps));
  deps.log.info({ removed }, 'trash emptied');
  if (removed > 0)
    await recordChange(deps.db, { action: 'emptyTrash', kind: 'trash', title: '', note: `${removed} removed for good` });
  return { removed };
}

/** What has been in the trash for `trashRetentionDays`. */
export async function purgeExpired(deps: TrashDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - trashRetentionDays * 24 * 3600_000).toISOString();
  return purge(deps, await listTrash(deps, cutoff));
}
