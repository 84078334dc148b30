import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';

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
  let query = db
    .selectFrom('audit_log')
    .select(['user_name', 'at'])
    .where('item_kind', '=', kind)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  query = id === null ? query.where('item_id', 'is', null) : query.where('item_id', '=', String(id));
  const last = await query.executeTakeFirst();
  const changedBy = last ? { name: last.user_name, at: last.at } : null;
  const who = changedBy ? ` by ${changedBy.name} at ${changedBy.at}` : '';
  return new HttpError(409, 'edit_conflict', `This item was changed${who} since it was read; reload it before saving`, {
    problem: { changedBy, currentVersion },
  });
}

type VersionedTable = 'projects' | 'jobs' | 'categories';

/**
 * Inside the save's transaction, before its update: refuses the save when the row's `updated_at`
 * is not `expected`. The no-op update takes the row's lock on PostgreSQL, so of two saves of the
 * same version the second waits for the first and then finds the version gone. A missing row is
 * left to the caller (its 404).
 */
export async function claimVersion(
  trx: Db,
  table: VersionedTable,
  kind: string,
  id: number,
  expected: string | undefined,
): Promise<void> {
  if (expected === undefined) return;
  const result =
    await sql`update ${sql.table(table)} set updated_at = updated_at where id = ${id} and updated_at = ${expected}`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) > 0) return;
  const row = await sql<{ updated_at: string }>`select updated_at from ${sql.table(table)} where id = ${id}`.execute(trx);
  const current = row.rows[0];
  if (current) throw await staleSave(trx, kind, id, current.updated_at);
}

/**
 * Takes a settings row's lock (PostgreSQL; SQLite runs one writer at a time) so that the version
 * read next stays the one saved over: of two saves of the same version the second waits and then
 * finds it gone.
 */
export async function lockSettingsRow(trx: Db, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select key from settings where key = ${key} for update`.execute(trx);
}
