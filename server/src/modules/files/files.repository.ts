import type { FileKind } from '@blitz/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { LibraryFilesTable } from '../../db/schema';
import type { StoredPicture } from '../../media/image-pipeline';
import type { StoredFiles } from '../../storage/stored-files';
import { ContentLanguage } from '@blitz/contract';
import type { TrashRecord } from '../registry/trash-adapter';
import { trashRecords, trashWrite } from '../trash/trash-rows';

// The file library's one table (decision 060): all of its SQL is here.

export type FileRow = Selectable<LibraryFilesTable>;

/** What an upload stored: a document's object, or a picture's renditions. */
export type FileContent = {
  kind: FileKind;
  originalName: string;
  mediaType: string;
  size: number;
  storageKey: string | null;
  picture: StoredPicture | null;
};

export type FileTextValues = { title: { de: string; en: string }; alt: { de: string; en: string } | null };

const nowIso = () => new Date().toISOString();

const contentColumns = (content: FileContent, contentTag: string) => ({
  kind: content.kind,
  original_name: content.originalName,
  media_type: content.mediaType,
  size: content.size,
  storage_key: content.storageKey,
  picture: content.picture ? JSON.stringify(content.picture) : null,
  content_tag: contentTag,
});

const textColumns = (texts: FileTextValues) => ({
  title_de: texts.title.de,
  title_en: texts.title.en,
  alt_de: texts.alt?.de ?? null,
  alt_en: texts.alt?.en ?? null,
});

export async function insertFile(
  trx: Db,
  values: { content: FileContent; texts: FileTextValues; slug: string; contentTag: string },
): Promise<number> {
  const at = nowIso();
  const row = await trx
    .insertInto('library_files')
    .values({
      ...contentColumns(values.content, values.contentTag),
      ...textColumns(values.texts),
      slug: values.slug,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      deleted_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A file not in the trash (with `trashed`: also one in the trash). */
export async function findFile(db: Db, id: number, options: { trashed?: boolean } = {}): Promise<FileRow | undefined> {
  let query = db.selectFrom('library_files').selectAll().where('id', '=', id);
  if (!options.trashed) query = query.where('deleted_at', 'is', null);
  return query.executeTakeFirst();
}

/** These files, those not in the trash. */
export async function findFiles(db: Db, ids: readonly number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('library_files')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
}

/** The library, newest first; the trash left out. */
export async function listFiles(db: Db, kind?: FileKind): Promise<FileRow[]> {
  let query = db.selectFrom('library_files').selectAll().where('deleted_at', 'is', null);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * A save's lock on a file (claimVersion, decision 036): a write that leaves the row as it is,
 * answering its version after any save that held it first; undefined if there is no such file
 * outside the trash.
 */
export async function lockFileVersion(trx: Db, id: number): Promise<string | undefined> {
  const row = await trx
    .updateTable('library_files')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}

/**
 * Holds a file until the transaction ends, as a deletion does before it asks where the file is
 * used (registry/file-usage.ts): a module saving a use calls this first. False: no such file
 * outside the trash, and the use must not be saved.
 */
export async function holdFileForUse(trx: Db, id: number): Promise<boolean> {
  return (await lockFileVersion(trx, id)) !== undefined;
}

export async function updateFileTexts(trx: Db, id: number, texts: FileTextValues): Promise<void> {
  await trx
    .updateTable('library_files')
    .set({ ...textColumns(texts), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** A new file in the place of the old one: its address (id and slug) stays. */
export async function replaceFileContent(
  trx: Db,
  id: number,
  content: FileContent,
  texts: FileTextValues,
  contentTag: string,
): Promise<void> {
  await trx
    .updateTable('library_files')
    .set({ ...contentColumns(content, contentTag), ...textColumns(texts), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Moves a file to the trash (decision 037), in the caller's transaction; false if it was not there or in the trash already. */
export async function trashFile(trx: Db, id: number, by: string): Promise<boolean> {
  const result = await trx
    .updateTable('library_files')
    .set({ deleted_at: nowIso(), deleted_by: by })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The files in the trash, with their titles; `before`: only those deleted before then. */
export async function trashedFiles(db: Db, before?: string): Promise<TrashRecord[]> {
  let query = db
    .selectFrom('library_files')
    .select(['id', 'deleted_at', 'deleted_by', 'title_de', 'title_en'])
    .where('deleted_at', 'is not', null);
  if (before) query = query.where('deleted_at', '<', before);
  const rows = await query.orderBy('deleted_at', 'desc').execute();
  const titles = rows.flatMap((row) => [
    { id: row.id, language: ContentLanguage.German, content: row.title_de },
    { id: row.id, language: ContentLanguage.English, content: row.title_en },
  ]);
  return trashRecords('file', rows, titles);
}

/** Takes a file out of the trash as it was; false if it was not in the trash. */
export const restoreFile = (db: Db, id: number) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('library_files')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst(),
  );

/**
 * Deletes a file of the trash for good (the purge), in the caller's transaction; answers the keys
 * its row named, or undefined if it was no longer in the trash (restored meanwhile).
 */
export async function deleteTrashedFile(trx: Db, id: number): Promise<string[] | undefined> {
  const row = await trx
    .deleteFrom('library_files')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returning(['storage_key', 'picture'])
    .executeTakeFirst();
  return row ? fileKeysOf(row) : undefined;
}

/** The objects of the media store a row names: a document's, or every rendition of a picture. */
export function fileKeysOf(row: { storage_key: string | null; picture: string | null }): string[] {
  const keys = row.storage_key ? [row.storage_key] : [];
  if (row.picture) {
    const picture = JSON.parse(row.picture) as StoredPicture;
    if (!Array.isArray(picture.variants)) throw new Error('a library picture without renditions');
    keys.push(...picture.variants.map((variant) => variant.key));
  }
  return keys;
}

/**
 * Which of these keys a row of the library still names, in the trash or not. Identical pictures
 * share their renditions (names are content hashes): a rendition goes with the last row naming it.
 */
export async function keysStillNamed(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('library_files').select(['storage_key', 'picture']).execute();
  const named = new Set(rows.flatMap(fileKeysOf));
  return new Set(keys.filter((key) => named.has(key)));
}

/** The media keys only files in the trash name: visitors are refused them until a restore (decision 037). */
export async function keysOnlyTrashedFilesName(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('library_files').select(['storage_key', 'picture', 'deleted_at']).execute();
  const live = new Set(rows.filter((row) => row.deleted_at === null).flatMap(fileKeysOf));
  return [...new Set(rows.filter((row) => row.deleted_at !== null).flatMap(fileKeysOf))].filter((key) => !live.has(key));
}

/** The library's files (documents and every rendition of every picture, the trash's too) in the media store. */
export const libraryStoredFiles: StoredFiles = {
  table: 'library_files',
  columns: ['storage_key', 'picture'],
  filesOf: (row) =>
    fileKeysOf({
      storage_key: typeof row['storage_key'] === 'string' ? row['storage_key'] : null,
      picture: typeof row['picture'] === 'string' ? row['picture'] : null,
    }).map((key) => ({ store: 'media', key })),
};
