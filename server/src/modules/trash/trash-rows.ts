import { ContentLanguage, type LocalizedText, type TrashKind, pickText } from '@blitz/contract';
import type { UpdateResult } from 'kysely';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { bumpContentVersion } from '../content/content-version.repository';
import type { TrashRecord } from '../registry/trash-adapter';

// A domain's trash writes (moving a row in or out, decision 037) are its repository's SQL, run
// through trashWrite: every write here takes the content version first, as the purge does: one
// lock order, no deadlock.

/**
 * Runs a domain's write of its trash (its `deleted_at`/`deleted_by`: trashProject, restoreJob, …)
 * in a transaction, the content version taken first; true if it changed a row (false: no such
 * row, or it was in the trash already, or not there).
 */
export async function trashWrite(db: Db, write: (trx: Db) => Promise<UpdateResult>): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    return Number((await write(trx)).numUpdatedRows) > 0;
  });
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
