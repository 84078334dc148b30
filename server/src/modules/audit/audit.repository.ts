import type { auditFilterSchema } from '@blitz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AuditLogTable } from '../../db/schema';
import { berlinMidnight, nextDay } from '../../lib/berlin-days';

// The audit trail's table (audit_log): all its SQL. Other modules record through audit.recorder.ts.

export type AuditFilter = z.output<typeof auditFilterSchema>;
export type AuditRow = Omit<AuditLogTable, 'id'> & { id: number };

/** One entry, in the caller's transaction. */
export async function insertAuditEntry(trx: Db, values: Omit<AuditLogTable, 'id'>): Promise<void> {
  await trx.insertInto('audit_log').values(values).execute();
}

/** Whether an entry of this action on this item was recorded since then; with `userId`, for that user (null: nobody signed in). */
export async function hasEntrySince(
  db: Db,
  entry: { action: string; kind: string; id: string; userId?: number | null },
  since: string,
): Promise<boolean> {
  const { userId } = entry;
  const found = await db
    .selectFrom('audit_log')
    .select('id')
    .where('item_kind', '=', entry.kind)
    .where('item_id', '=', entry.id)
    .where('action', '=', entry.action)
    .$if(userId !== undefined, (q) => q.where('user_id', userId === null ? 'is' : '=', userId!))
    .where('at', '>=', since)
    .executeTakeFirst();
  return found !== undefined;
}

/** Who made the item's latest recorded change, and when; undefined if none is recorded (`id` null: a single item). */
export async function lastChangeOf(db: Db, kind: string, id: string | null): Promise<{ name: string; at: string } | undefined> {
  let query = db
    .selectFrom('audit_log')
    .select(['user_name', 'at'])
    .where('item_kind', '=', kind)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  query = id === null ? query.where('item_id', 'is', null) : query.where('item_id', '=', id);
  const last = await query.executeTakeFirst();
  return last && { name: last.user_name, at: last.at };
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.User) {
    const user = filter.User;
    query = /^\d{1,9}$/.test(user)
      ? query.where('user_id', '=', Number(user))
      : query.where((eb) => eb(eb.fn('lower', ['user_name']), '=', user.toLowerCase()));
  }
  if (filter.Item) {
    const [kind, ...rest] = filter.Item.split(':');
    query = query.where('item_kind', '=', kind!);
    if (rest.length > 0) query = query.where('item_id', '=', rest.join(':'));
  }
  if (filter.Action) query = query.where('action', '=', filter.Action);
  if (filter.From) query = query.where('at', '>=', berlinMidnight(filter.From));
  if (filter.To) query = query.where('at', '<', berlinMidnight(nextDay(filter.To)));
  return query;
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The matching entries, newest first: a page (`offset`), or a batch of those older than `before`
 * (the export reads the trail in batches, each after the last one read).
 */
export async function auditRows(
  db: Db,
  filter: AuditFilter,
  window: { limit: number; offset?: number; before?: { at: string; id: number } | undefined },
): Promise<AuditRow[]> {
  let query = filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(window.limit);
  if (window.offset !== undefined) query = query.offset(window.offset);
  if (window.before) {
    const { at, id } = window.before;
    query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
  }
  return query.execute();
}

/** Removes the entries recorded before `cutoff`; answers how many. */
export async function deleteAuditEntriesBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
