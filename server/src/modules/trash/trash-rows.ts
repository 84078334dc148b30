import { ContentLanguage, type LocalizedText, type TrashKind, pickText } from '@blitz/contract';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { bumpContentVersion } from '../content/content-version.repository';
import type { TrashRecord } from './trash-adapter';

/** The tables whose rows go to the trash (decision 037): each has `deleted_at` and `deleted_by`. */
export type TrashTable = 'categories' | 'jobs' | 'projects';

// Every write here takes the content version first, as the purge does: one lock order, no deadlock.

/** Moves a row to the trash; false if there is no such row (or it is in the trash already). */
export async function moveToTrash(db: Db, table: TrashTable, id: number, by: string, at: string = nowIso()): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const result = await trx
      .updateTable(table as 'jobs')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** Takes a row out of the trash as it was; false if it was not there. */
export async function takeOutOfTrash(db: Db, table: TrashTable, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const result = await trx
      .updateTable(table as 'jobs')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/**
 * Holds a row of the trash until the transaction ends (a write to it: PostgreSQL locks the row and
 * checks the condition again after waiting), and answers whether it is still there: a restore
 * that came first wins, one that comes later finds nothing.
 */
export async function holdTrashed(trx: Db, table: TrashTable, id: number): Promise<boolean> {
  const result = await trx
    .updateTable(table as 'jobs')
    .set((eb) => ({ deleted_at: eb.ref('deleted_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type TrashRow = { id: number; deleted_at: string | null; deleted_by: string | null; title?: string };
type TitleRow = { id: number; language: number; content: string };

/**
 * A domain's trashed rows as the trash lists them (its adapter's `find`): a project or job with its
 * titles in each language (`titleRows`; the dashboard shows the one of its language) and `title`,
 * the German one, else the other; a category with its name (`title` in its row).
 */
export function trashRecords(kind: TrashKind, rows: TrashRow[], titleRows: TitleRow[] = []): TrashRecord[] {
  const titles = new Map<number, LocalizedText[]>();
  for (const row of [...titleRows].sort((a, b) => a.language - b.language)) {
    if (row.content === '') continue;
    titles.set(row.id, [...(titles.get(row.id) ?? []), { content: row.content, language: row.language as ContentLanguage }]);
  }
  return rows.map((row) => {
    const texts = titles.get(row.id) ?? [];
    return {
      kind,
      id: row.id,
      title: row.title ?? pickText(texts, ContentLanguage.German),
      titles: texts,
      deletedAt: row.deleted_at ?? '',
      deletedBy: row.deleted_by ?? '',
    };
  });
}
