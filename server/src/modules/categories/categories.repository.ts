import type { ContentLanguage, LocalizedText } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { TrashRecord } from '../registry/trash-adapter';
import { trashRecords, trashWrite } from '../trash/trash-rows';
import { bumpContentVersion } from '../content/content-version.repository';

export type CategoryRecord = { id: number; name: string; translation: LocalizedText[]; updatedAt: string };
export type CategoryValues = {
  name: string;
  translation: LocalizedText[];
  /** Only the sample content sets it: a row the go-live checklist may remove until staff change it. */
  sample?: boolean;
};

/** The translations of the given categories (one query), narrowed to a language if given. */
export async function translationsOf(
  db: Db,
  ids: readonly number[],
  language?: ContentLanguage,
): Promise<Map<number, LocalizedText[]>> {
  const byCategory = new Map<number, LocalizedText[]>();
  if (ids.length === 0) return byCategory;
  let query = db
    .selectFrom('category_translations')
    .select(['category_id', 'language', 'content'])
    .where('category_id', 'in', [...new Set(ids)])
    .orderBy('category_id')
    .orderBy('language');
  if (language) query = query.where('language', '=', language);
  for (const row of await query.execute()) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push({ content: row.content, language: row.language as ContentLanguage });
    byCategory.set(row.category_id, list);
  }
  return byCategory;
}

export async function listCategories(db: Db, language?: ContentLanguage): Promise<CategoryRecord[]> {
  // A category in the trash (decision 037) is left out of every read.
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name', 'updated_at'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const translations = await translationsOf(
    db,
    rows.map((r) => r.id),
    language,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, translation: translations.get(r.id) ?? [], updatedAt: r.updated_at }));
}

export async function findCategory(db: Db, id: number, language?: ContentLanguage): Promise<CategoryRecord | undefined> {
  const row = await db
    .selectFrom('categories')
    .select(['id', 'name', 'updated_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const translations = await translationsOf(db, [id], language);
  return { id: row.id, name: row.name, translation: translations.get(id) ?? [], updatedAt: row.updated_at };
}

/**
 * The categories not in the trash, id and name, as a query to put in a statement of another
 * module's: the projects' reads join it (a category in the trash is no category until restored).
 */
export function liveCategories(db: Db) {
  return db.selectFrom('categories').select(['id', 'name']).where('deleted_at', 'is', null);
}

/** Whether there is any category, in the trash too (the sample content is written on an empty site alone). */
export async function anyCategory(db: Db): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every category's id and name (there are a handful): for the case-insensitive name check. Those
 * in the trash too (`inTrash`): their names stay taken until they are purged, so that a restore
 * never meets a second category of its name (decision 037).
 */
export async function categoryNames(db: Db): Promise<{ id: number; name: string; inTrash: boolean }[]> {
  const rows = await db.selectFrom('categories').select(['id', 'name', 'deleted_at']).execute();
  return rows.map((row) => ({ id: row.id, name: row.name, inTrash: row.deleted_at !== null }));
}

export async function insertCategory(db: Db, values: CategoryValues): Promise<number> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const { id } = await trx
      .insertInto('categories')
      .values({ name: values.name, created_at: nowIso(), updated_at: nowIso(), sample: values.sample ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.translation.length > 0) {
      await trx
        .insertInto('category_translations')
        .values(values.translation.map((t) => ({ category_id: id, language: t.language, content: t.content })))
        .execute();
    }
    return id;
  });
}

/** Replaces name and translations; false if there is no such category. */
export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const result = await trx
      .updateTable('categories')
      .set({ name: values.name, updated_at: nowIso(), sample: 0 })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('category_translations').where('category_id', '=', id).execute();
    if (values.translation.length > 0) {
      await trx
        .insertInto('category_translations')
        .values(values.translation.map((t) => ({ category_id: id, language: t.language, content: t.content })))
        .execute();
    }
    return true;
  });
}

/**
 * The categories of the sample content staff have not changed (whether a project of staff uses one
 * is the projects' to say: go-live asks both).
 */
export async function sampleCategoryIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('sample', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks as sample content the categories of an earlier release's seed that nobody changed since:
 * the seed's name and exactly its translations. Answers how many it marked.
 */
export async function markSampleCategories(db: Db, samples: readonly CategoryValues[]): Promise<number> {
  const key = (list: readonly LocalizedText[]) =>
    JSON.stringify([...list].sort((a, b) => a.language - b.language).map((t) => [t.language, t.content]));
  let marked = 0;
  for (const sample of samples) {
    const rows = await db.selectFrom('categories').select('id').where('sample', '=', 0).where('name', '=', sample.name).execute();
    const translations = await translationsOf(
      db,
      rows.map((row) => row.id),
    );
    for (const { id } of rows) {
      if (key(translations.get(id) ?? []) !== key(sample.translation)) continue;
      await db.updateTable('categories').set({ sample: 1 }).where('id', '=', id).execute();
      marked++;
    }
  }
  return marked;
}

/**
 * Moves a category to the trash (decision 037). Its projects stay where they are and keep the
 * link in their rows; every read shows them without a category until it is restored. False if
 * there is no such category (or it is in the trash already).
 */
export const trashCategory = (db: Db, id: number, by: string, at: string = nowIso()) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('categories')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );

/** The categories in the trash, each with its name; `before`: only those deleted before then. */
export async function trashedCategories(db: Db, before?: string): Promise<TrashRecord[]> {
  const rows = await db
    .selectFrom('categories')
    .where('deleted_at', 'is not', null)
    .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
    .select(['id', 'deleted_at', 'deleted_by', 'name as title'])
    .execute();
  return trashRecords('category', rows);
}

/** Takes a category out of the trash (its projects' links come back with it); false if it was not there. */
export const restoreCategory = (db: Db, id: number) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('categories')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst(),
  );

/**
 * Holds a category of the trash until the transaction ends (a write to it: PostgreSQL locks the row
 * and checks the condition again after waiting), and answers whether it is still there: a restore
 * that came first wins, one that comes later finds nothing.
 */
async function holdTrashedCategory(trx: Db, id: number): Promise<boolean> {
  const result = await trx
    .updateTable('categories')
    .set((eb) => ({ deleted_at: eb.ref('deleted_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the category for good; its projects stay, without a category (those in the trash too).
 * False if there was none. `trashed`: only if it is in the trash (the purge).
 */
export async function deleteCategory(db: Db, id: number, options: { trashed?: boolean } = {}): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    if (options.trashed && !(await holdTrashedCategory(trx, id))) return false;
    // Its projects lose their link through their own table's foreign key (ON DELETE SET NULL,
    // the projects' to declare): PostgreSQL always enforces it, SQLite on every connection
    // openDatabase opens (foreign_keys = ON).
    await trx.deleteFrom('category_translations').where('category_id', '=', id).execute();
    const result = await trx.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/**
 * A save's lock on the category (claimVersion, decision 036): a write that leaves the row as it is,
 * answering its version after any save that held it first; undefined if there is no such category.
 */
export async function lockCategoryVersion(trx: Db, id: number): Promise<string | undefined> {
  const row = await trx
    .updateTable('categories')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}
