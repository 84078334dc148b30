import { ContentLanguage, type CustomPageValues, customPageAddressKey } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import type { CustomPagesTable } from '../../db/schema';
import type { TrashRecord } from '../registry/trash-adapter';
import { trashRecords, trashWrite } from '../trash/trash-rows';

/** A page's values as stored: every section with its id. */
export type StoredPageValues = CustomPageValues & { sections: (CustomPageValues['sections'][number] & { id: string })[] };

export type CustomPageRecord = {
  id: number;
  /** The published values, or a page never published (or taken off) its pending ones. */
  values: StoredPageValues;
  published: boolean;
  /** A live page's draft of changes. */
  draft: StoredPageValues | null;
  createdAt: string;
  updatedAt: string;
  /** In the trash (only read with `withTrashed`). */
  trashed: boolean;
};

type Row = Pick<CustomPagesTable, 'content' | 'draft' | 'created_at' | 'updated_at' | 'deleted_at'> & {
  id: number;
  published: number;
};

const parse = (json: string) => JSON.parse(json) as StoredPageValues;

function toRecord(row: Row): CustomPageRecord {
  return {
    id: row.id,
    values: parse(row.content),
    published: row.published === 1,
    draft: row.draft === null ? null : parse(row.draft),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    trashed: row.deleted_at !== null,
  };
}

/** The columns a page's values give: what lists and lookups read without the JSON. */
function columns(values: StoredPageValues) {
  return {
    address: values.address,
    address_key: customPageAddressKey(values.address),
    title_de: values.title.de,
    place: values.place,
    place_order: values.placeOrder,
    noindex: values.noindex ? 1 : 0,
    content: JSON.stringify(values),
  };
}

const fields = ['id', 'content', 'draft', 'published', 'created_at', 'updated_at', 'deleted_at'] as const;

const live = (db: Db) => db.selectFrom('custom_pages').where('deleted_at', 'is', null);

/**
 * Every page not in the trash (staff's list), by place, then their order there, then title;
 * `withTrashed`: those in the trash too.
 */
export async function listCustomPages(
  db: Db,
  options: { published?: boolean; withTrashed?: boolean } = {},
): Promise<CustomPageRecord[]> {
  const rows = await (options.withTrashed ? db.selectFrom('custom_pages') : live(db))
    .$if(options.published !== undefined, (q) => q.where('published', '=', options.published ? 1 : 0))
    .select(fields)
    .orderBy('place')
    .orderBy('place_order')
    .orderBy('title_de')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** A page not in the trash; `published`: only if visitors may see it. */
export async function findCustomPage(db: Db, id: number, options: { published?: boolean } = {}) {
  const row = await live(db)
    .where('id', '=', id)
    .$if(options.published === true, (q) => q.where('published', '=', 1))
    .select(fields)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The published page at an address (matched by its key), for visitors. */
export async function findPublishedAt(db: Db, address: string): Promise<CustomPageRecord | undefined> {
  const row = await live(db)
    .where('address_key', '=', customPageAddressKey(address))
    .where('published', '=', 1)
    .select(fields)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * The page (not in the trash) whose pending values — its draft of changes, else its values — have
 * this address: what staff previewing the drafts see there.
 */
export async function findPendingAt(db: Db, address: string): Promise<CustomPageRecord | undefined> {
  const key = customPageAddressKey(address);
  const rows = await live(db)
    .where((eb) => eb.or([eb('address_key', '=', key), eb('draft', 'is not', null)]))
    .select(fields)
    .execute();
  return rows.map(toRecord).find((record) => customPageAddressKey((record.draft ?? record.values).address) === key);
}

/**
 * The page (in the trash too) whose values, or whose draft of changes, take an address, other
 * than `except`: what a save must not collide with.
 */
export async function pageTakingAddress(
  db: Db,
  address: string,
  except: number | undefined,
): Promise<{ id: number; title: string; trashed: boolean } | undefined> {
  const key = customPageAddressKey(address);
  const rows = await db
    .selectFrom('custom_pages')
    .select(['id', 'title_de', 'address_key', 'draft', 'deleted_at'])
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .where((eb) => eb.or([eb('address_key', '=', key), eb('draft', 'is not', null)]))
    .execute();
  const found = rows.find(
    (row) => row.address_key === key || (row.draft !== null && customPageAddressKey(parse(row.draft).address) === key),
  );
  return found && { id: found.id, title: found.title_de, trashed: found.deleted_at !== null };
}

export async function insertCustomPage(db: Db, values: StoredPageValues, published: boolean): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('custom_pages')
    .values({ ...columns(values), published: published ? 1 : 0, draft: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes a page's values, its draft of changes and whether it is live; false if there is no such page. */
export async function writeCustomPage(
  db: Db,
  id: number,
  state: { values: StoredPageValues; draft: StoredPageValues | null; published: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('custom_pages')
    .set({
      ...columns(state.values),
      draft: state.draft === null ? null : JSON.stringify(state.draft),
      published: state.published ? 1 : 0,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The lock of a save (decision 036): the row's `updated_at`, the row held until the transaction ends. */
export async function lockCustomPageVersion(trx: Db, id: number): Promise<string | undefined> {
  const row = await trx
    .updateTable('custom_pages')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}

/** Moves a page to the trash (decision 037); it keeps its address until it is purged. */
export const trashCustomPage = (db: Db, id: number, by: string, at: string = nowIso()) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('custom_pages')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );

export const restoreCustomPage = (db: Db, id: number) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('custom_pages')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst(),
  );

/** The pages in the trash, titled in both languages; `before`: only those deleted before then. */
export async function trashedCustomPages(db: Db, before?: string): Promise<TrashRecord[]> {
  const rows = await db
    .selectFrom('custom_pages')
    .where('deleted_at', 'is not', null)
    .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
    .select(['id', 'content', 'deleted_at', 'deleted_by'])
    .execute();
  const titles = rows.flatMap((row) => {
    const { title } = parse(row.content);
    return [
      { id: row.id, language: ContentLanguage.German, content: title.de },
      { id: row.id, language: ContentLanguage.English, content: title.en },
    ];
  });
  return trashRecords('page', rows, titles);
}

/** Deletes a page for good; `trashed`: only if it is in the trash (the purge). */
export async function deleteCustomPage(db: Db, id: number, options: { trashed?: boolean } = {}): Promise<boolean> {
  const result = await db
    .deleteFrom('custom_pages')
    .where('id', '=', id)
    .$if(options.trashed === true, (q) => q.where('deleted_at', 'is not', null))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
