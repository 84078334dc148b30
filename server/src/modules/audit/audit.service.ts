import type { AuditChange, AuditEntry, AuditList, auditListQuerySchema } from '@blitz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { csvCell } from '../../lib/csv-cell';
import { type AuditFilter, type AuditRow, auditRows, countAuditEntries, deleteAuditEntriesBefore } from './audit.repository';

/** The display names users have now, by id (those without one left out): handed in by the accounts' domain. */
export type DisplayNames = (db: Db, ids: readonly number[]) => Promise<Map<number, string>>;

function toEntry(row: AuditRow): AuditEntry {
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
  const [count, rows] = await Promise.all([
    countAuditEntries(db, filter),
    auditRows(db, filter, { limit: PageLength, offset: (PageNumber - 1) * PageLength }),
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
  return { data, count };
}

const csvColumns = ['id', 'at', 'user_id', 'user', 'action', 'item_kind', 'item_id', 'item_title', 'summary'];

/** The matching entries as CSV (UTF-8 with BOM, cells safe from spreadsheet formulas), read in batches. */
export async function* auditCsv(db: Db, filter: AuditFilter, separator: ';' | ','): AsyncGenerator<string> {
  yield `\uFEFF${csvColumns.map(csvCell).join(separator)}\r\n`;
  const batch = 500;
  let before: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await auditRows(db, filter, { limit: batch, before });
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
  return deleteAuditEntriesBefore(db, cutoff);
}
