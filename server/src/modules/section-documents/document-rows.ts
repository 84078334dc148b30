import { ContentLanguage, customPageAddressKey } from '@blitz/contract';
import type { Kysely } from 'kysely';
import { type Db, nowIso } from '../../db/database';
import type { CustomPagesTable, NewsPostsTable } from '../../db/schema';
import type { TrashRecord } from '../registry/trash-adapter';
import { trashRecords, trashWrite } from '../trash/trash-rows';

// The SQL that pages and news posts share: their tables have the same columns for what a document
// of sections is (its values and draft as JSON, published, the address's key, the trash's), and
// each module's repository calls these with its table for those; the rest is its own.

/** The tables of documents of sections. */
export type DocumentTable = 'custom_pages' | 'news_posts';

type SharedColumns = Pick<
  CustomPagesTable & NewsPostsTable,
  'address_key' | 'title_de' | 'content' | 'draft' | 'published' | 'created_at' | 'updated_at' | 'deleted_at' | 'deleted_by'
> & { id: number };

/** The shared columns of either table, as Kysely sees one of them (the names are the same in both). */
function rows(db: Db, table: DocumentTable) {
  return { db: db as unknown as Kysely<{ documents: SharedColumns }>, table: table as 'documents' };
}

/** A document as stored: its values (the published ones, or a draft's pending ones), live or not, its draft of changes. */
export type DocumentRecord<V> = {
  id: number;
  values: V;
  published: boolean;
  draft: V | null;
  createdAt: string;
  updatedAt: string;
  /** In the trash (only read with `withTrashed`). */
  trashed: boolean;
};

/** The columns a record is read from. */
export const documentFields = ['id', 'content', 'draft', 'published', 'created_at', 'updated_at', 'deleted_at'] as const;

export function toDocumentRecord<V>(row: {
  id: number;
  content: string;
  draft: string | null;
  published: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}): DocumentRecord<V> {
  return {
    id: row.id,
    values: JSON.parse(row.content) as V,
    published: row.published === 1,
    draft: row.draft === null ? null : (JSON.parse(row.draft) as V),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    trashed: row.deleted_at !== null,
  };
}

/**
 * The document (in the trash too) whose values, or whose draft of changes, take an address, other
 * than `except`: what a save must not collide with.
 */
export async function documentTakingAddress(
  db: Db,
  table: DocumentTable,
  address: string,
  except: number | undefined,
): Promise<{ id: number; title: string; trashed: boolean } | undefined> {
  const { db: documents, table: name } = rows(db, table);
  const key = customPageAddressKey(address);
  const found = await documents
    .selectFrom(name)
    .select(['id', 'title_de', 'address_key', 'draft', 'deleted_at'])
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .where((eb) => eb.or([eb('address_key', '=', key), eb('draft', 'is not', null)]))
    .execute();
  const taking = found.find(
    (row) =>
      row.address_key === key ||
      (row.draft !== null && customPageAddressKey((JSON.parse(row.draft) as { address: string }).address) === key),
  );
  return taking && { id: taking.id, title: taking.title_de, trashed: taking.deleted_at !== null };
}

/**
 * The document not in the trash whose pending values — its draft of changes, else its values —
 * have an address: what staff previewing the drafts see there (its id).
 */
export async function documentPendingAt(db: Db, table: DocumentTable, address: string): Promise<number | undefined> {
  const { db: documents, table: name } = rows(db, table);
  const key = customPageAddressKey(address);
  const found = await documents
    .selectFrom(name)
    .select(['id', 'address_key', 'draft'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('address_key', '=', key), eb('draft', 'is not', null)]))
    .execute();
  const pendingKey = (row: (typeof found)[number]) =>
    row.draft === null ? row.address_key : customPageAddressKey((JSON.parse(row.draft) as { address: string }).address);
  return found.find((row) => pendingKey(row) === key)?.id;
}

/** The lock of a save (decision 036): the row's `updated_at`, the row held until the transaction ends. */
export async function lockDocumentVersion(trx: Db, table: DocumentTable, id: number): Promise<string | undefined> {
  const { db: documents, table: name } = rows(trx, table);
  const row = await documents
    .updateTable(name)
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}

/** Moves a document to the trash (decision 037); it keeps its address until it is purged. */
export const trashDocument = (db: Db, table: DocumentTable, id: number, by: string, at: string = nowIso()) =>
  trashWrite(db, (trx) => {
    const { db: documents, table: name } = rows(trx, table);
    return documents
      .updateTable(name)
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  });

export const restoreDocument = (db: Db, table: DocumentTable, id: number) =>
  trashWrite(db, (trx) => {
    const { db: documents, table: name } = rows(trx, table);
    return documents
      .updateTable(name)
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
  });

/** The documents of a table in the trash as the trash lists them, titled in both languages; `before`: deleted before then. */
export async function trashedDocuments(
  db: Db,
  table: DocumentTable,
  kind: TrashRecord['kind'],
  before?: string,
): Promise<TrashRecord[]> {
  const { db: documents, table: name } = rows(db, table);
  const trashed = await documents
    .selectFrom(name)
    .where('deleted_at', 'is not', null)
    .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
    .select(['id', 'content', 'deleted_at', 'deleted_by'])
    .execute();
  const titles = trashed.flatMap((row) => {
    const { title } = JSON.parse(row.content) as { title: { de: string; en: string } };
    return [
      { id: row.id, language: ContentLanguage.German, content: title.de },
      { id: row.id, language: ContentLanguage.English, content: title.en },
    ];
  });
  return trashRecords(kind, trashed, titles);
}

/** Deletes a document for good; `trashed`: only if it is in the trash (the purge). */
export async function deleteDocument(
  db: Db,
  table: DocumentTable,
  id: number,
  options: { trashed?: boolean } = {},
): Promise<boolean> {
  const { db: documents, table: name } = rows(db, table);
  const result = await documents
    .deleteFrom(name)
    .where('id', '=', id)
    .$if(options.trashed === true, (q) => q.where('deleted_at', 'is not', null))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
