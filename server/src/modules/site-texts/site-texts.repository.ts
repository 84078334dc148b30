import type { SiteLanguage } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { SiteTextsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordPublish } from './site-text-audit';
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

/** A text with a draft, with what visitors read now (the audit entry of a publish names them). */
export type SiteTextDraft = Pick<SiteTextRow, 'namespace' | 'key' | 'language' | 'published' | 'draft'>;

/** The texts with a draft, by namespace, key and language. */
async function listDrafts(db: Db): Promise<SiteTextDraft[]> {
  return db
    .selectFrom('site_texts')
    .select(['namespace', 'key', 'language', 'published', 'draft'])
    .where('has_draft', '=', 1)
    .orderBy('namespace')
    .orderBy('key')
    .orderBy('language')
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

/**
 * Saves a draft of a text (`content` null: back to the default), in one transaction with the
 * read of what visitors see: a draft equal to that is no draft. A row with neither a published
 * text nor a draft is removed.
 */
export async function saveSiteTextDraft(db: Db, id: SiteTextId, content: string | null): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findSiteTextRow(trx, id);
    const published = row?.published ?? null;
    const hasDraft = content !== published;
    if (published === null && !hasDraft) {
      await trx
        .deleteFrom('site_texts')
        .where('namespace', '=', id.namespace)
        .where('key', '=', id.key)
        .where('language', '=', id.language)
        .execute();
      return;
    }
    const values = { draft: hasDraft ? content : null, has_draft: hasDraft ? 1 : 0, updated_at: new Date().toISOString() };
    await trx
      .insertInto('site_texts')
      .values({ ...id, published, ...values })
      .onConflict((oc) => oc.columns(['namespace', 'key', 'language']).doUpdateSet(values))
      .execute();
  });
}

/**
 * Makes every draft live and changes the content version, in one transaction; answers how many.
 * One statement moves each draft over, so that a draft saved meanwhile is either published or
 * stays a draft, never lost.
 */
export async function publishSiteTextDrafts(db: Db): Promise<number> {
  return inTransaction(db, async (trx) => {
    await recordPublish(trx, await listDrafts(trx));
    const result = await trx
      .updateTable('site_texts')
      .set((eb) => ({ published: eb.ref('draft'), draft: null, has_draft: 0, updated_at: new Date().toISOString() }))
      .where('has_draft', '=', 1)
      .executeTakeFirst();
    const published = Number(result.numUpdatedRows);
    if (published === 0) return 0;
    await trx.deleteFrom('site_texts').where('published', 'is', null).where('has_draft', '=', 0).execute();
    await bumpContentVersion(trx);
    return published;
  });
}
