import type { SiteLanguage } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { SiteTextsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { bumpContentVersion } from '../content/content-version.repository';

export type SiteTextRow = SiteTextsTable;
export type SiteTextId = { namespace: string; key: string; language: SiteLanguage };

export async function listSiteTextRows(db: Db): Promise<SiteTextRow[]> {
  return db.selectFrom('site_texts').selectAll().execute();
}

/** The texts visitors read instead of the defaults. */
export async function listPublishedTexts(db: Db): Promise<Pick<SiteTextRow, 'namespace' | 'key' | 'language' | 'published'>[]> {
  return db
    .selectFrom('site_texts')
    .select(['namespace', 'key', 'language', 'published'])
    .where('published', 'is not', null)
    .execute();
}

export async function findSiteTextRow(db: Db, id: SiteTextId): Promise<SiteTextRow | undefined> {
  return db
    .selectFrom('site_texts')
    .selectAll()
    .where('namespace', '=', id.namespace)
    .where('key', '=', id.key)
    .where('language', '=', id.language)
    .executeTakeFirst();
}

/** Stores a text's draft state; a row with neither a published text nor a draft is removed. */
export async function saveSiteTextDraft(
  db: Db,
  id: SiteTextId,
  draft: { hasDraft: boolean; draft: string | null },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findSiteTextRow(trx, id);
    const published = row?.published ?? null;
    if (published === null && !draft.hasDraft) {
      await trx
        .deleteFrom('site_texts')
        .where('namespace', '=', id.namespace)
        .where('key', '=', id.key)
        .where('language', '=', id.language)
        .execute();
      return;
    }
    const values = {
      draft: draft.hasDraft ? draft.draft : null,
      has_draft: draft.hasDraft ? 1 : 0,
      updated_at: new Date().toISOString(),
    };
    await trx
      .insertInto('site_texts')
      .values({ ...id, published, ...values })
      .onConflict((oc) => oc.columns(['namespace', 'key', 'language']).doUpdateSet(values))
      .execute();
  });
}

/** Makes every draft live in one transaction, and changes the content version; answers how many. */
export async function publishSiteTextDrafts(db: Db): Promise<number> {
  return inTransaction(db, async (trx) => {
    const drafts = await trx.selectFrom('site_texts').selectAll().where('has_draft', '=', 1).execute();
    if (drafts.length === 0) return 0;
    const now = new Date().toISOString();
    for (const row of drafts) {
      await trx
        .updateTable('site_texts')
        .set({ published: row.draft, draft: null, has_draft: 0, updated_at: now })
        .where('namespace', '=', row.namespace)
        .where('key', '=', row.key)
        .where('language', '=', row.language)
        .execute();
    }
    await trx.deleteFrom('site_texts').where('published', 'is', null).where('has_draft', '=', 0).execute();
    await bumpContentVersion(trx);
    return drafts.length;
  });
}
