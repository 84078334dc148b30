import type { AuditChange, AuditEntry, AuditList, auditFilterSchema, auditListQuerySchema } from '@blitz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AuditLogTable } from '../../db/schema';
import { berlinMidnight, nextDay } from '../../lib/berlin-days';
import { csvCell } from '../../lib/csv-cell';

type AuditFilter = z.output<typeof auditFilterSchema>;
type Row = Omit<AuditLogTable, 'id'> & { id: number };

/** The display names users have now, by id (those without one left out): handed in by the accounts' domain. */
export type DisplayNames = (db: Db, ids: readonly number[]) => Promise<Map<number, string>>;

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

function toEntry(row: Row): AuditEntry {
  let changes: AuditChange[];
  try {
    changes = JSON.parse(row.changes) as AuditChange[];
  } catch {
    changes = [];
  }
  return {
    id: row.id,
    at: row.at,
    user: { id: row.user_id, name: row.user_name },
    action: row.action,
    item: { kind: row.item_kind, id: row.item_id, title: row.item_title },
    summary: row.summary,
    changes,
  };
}

/** One page of the trail, newest first, and the number of all matches. */
export async function auditPage(
  db: Db,
  query: z.output<typeof auditListQuerySchema>,
  displayNamesOf: DisplayNames,
): Promise<AuditList> {
  const { PageLength, PageNumber, ...filter } = query;
  const [countRow, rows] = await Promise.all([
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered(db, filter)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(PageLength)
      .offset((PageNumber - 1) * PageLength)
      .execute(),
  ]);
  // Who by the display name they have now (issue 40), beside the sign-in name they had then.
  const names = await displayNamesOf(
    db,
    rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
  );
  const data = rows.map((row) => {
    const entry = toEntry(row);
    const displayName = row.user_id === null ? undefined : names.get(row.user_id);
    return displayName ? { ...entry, user: { ...entry.user, displayName } } : entry;
  });
  return { data, count: Number(countRow.n) };
}

const csvColumns = ['id', 'at', 'user_id', 'user', 'action', 'item_kind', 'item_id', 'item_title', 'summary'];

/** The matching entries as CSV (UTF-8 with BOM, cells safe from spreadsheet formulas), read in batches. */
export async function* auditCsv(db: Db, filter: AuditFilter, separator: ';' | ','): AsyncGenerator<string> {
  yield `\uFEFF${csvColumns.map(csvCell).join(separator)}\r\n`;
  const batch = 500;
  let before: { at: string; id: number } | undefined;
  for (;;) {
    let query = filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(batch);
    if (before) {
      const { at, id } = before;
      query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
    }
    const rows = await query.execute();
    let text = '';
    for (const row of rows) {
      const cells = [
        row.id,
        row.at,
        row.user_id,
        row.user_name,
        row.action,
        row.item_kind,
        row.item_id,
        row.item_title,
        row.summary,
      ];
      text += `${cells.map((c) => csvCell(c)).join(separator)}\r\n`;
    }
    if (text) yield text;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    before = { at: last.at, id: last.id };
  }
}

/** Removes the entries older than the retention; answers how many. */
export async function deleteOldAuditEntries(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
