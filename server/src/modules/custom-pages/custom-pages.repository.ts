import { type CustomPageValues, customPageAddressKey } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { type DocumentRecord, documentFields, documentPendingAt, toDocumentRecord } from '../section-documents/document-rows';

/** A page's values as stored: every section with its id. */
export type StoredPageValues = CustomPageValues & { sections: (CustomPageValues['sections'][number] & { id: string })[] };

export type CustomPageRecord = DocumentRecord<StoredPageValues>;

const toRecord = toDocumentRecord<StoredPageValues>;

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
    .select(documentFields)
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
    .select(documentFields)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The published page at an address (matched by its key), for visitors. */
export async function findPublishedAt(db: Db, address: string): Promise<CustomPageRecord | undefined> {
  const row = await live(db)
    .where('address_key', '=', customPageAddressKey(address))
    .where('published', '=', 1)
    .select(documentFields)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The page (not in the trash) whose pending values have this address: what staff previewing the drafts see there. */
export async function findPendingAt(db: Db, address: string): Promise<CustomPageRecord | undefined> {
  const id = await documentPendingAt(db, 'custom_pages', address);
  return id === undefined ? undefined : findCustomPage(db, id);
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
