import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { lastChangeOf } from './audit.repository';

/**
 * No lost edits (decision 036): a save carries the `updatedAt` its item had when it was read; if
 * the item changed since, the save is refused with 409 and the body says who changed it and when
 * (the audit trail's latest entry for it). A save without a version is not checked (SPEC.md §7
 * clients send none).
 */

/** The 409 of a stale save, naming the last change recorded for the item. */
export async function staleSave(
  db: Db,
  kind: string,
  id: number | string | null,
  currentVersion: string | null,
): Promise<HttpError> {
  const changedBy = (await lastChangeOf(db, kind, id === null ? null : String(id))) ?? null;
  const who = changedBy ? ` by ${changedBy.name} at ${changedBy.at}` : '';
  return new HttpError(409, 'edit_conflict', `This item was changed${who} since it was read; reload it before saving`, {
    problem: { changedBy, currentVersion },
  });
}

/**
 * A domain's lock on one of its rows for a save (its repository's, decision 046: the audit names no
 * domain's table): inside the save's transaction, a write to the row (PostgreSQL locks it, and a
 * second save of the row waits for the first) answering its `updated_at` after it; undefined if
 * there is no such row.
 */
export type VersionLock = (trx: Db, id: number) => Promise<string | undefined>;

/**
 * Inside the save's transaction, before its update: refuses the save when the row's `updated_at`
 * is not `expected`. `lock` (the domain's) takes the row's lock first, so of two saves of the same
 * version the second waits for the first and then finds the version gone. A missing row is left to
 * the caller (its 404).
 */
export async function claimVersion(
  trx: Db,
  lock: VersionLock,
  kind: string,
  id: number,
  expected: string | undefined,
): Promise<void> {
  if (expected === undefined) return;
  const current = await lock(trx, id);
  if (current !== undefined && current !== expected) throw await staleSave(trx, kind, id, current);
}
