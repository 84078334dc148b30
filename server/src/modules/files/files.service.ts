import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CustomPageFile,
  type FileKind,
  type FileUse,
  type LibraryFile,
  filePath,
  fileSlug,
  fileTextsSchema,
  fileUpdateSchema,
} from '@blitz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import type { StoredPicture } from '../../media/image-pipeline';
import type { ObjectStorage } from '../../storage/object-storage';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { bumpContentVersion } from '../content/content-version.repository';
import { mediaAddress } from '../../media/media-address';
import type { FileUsageSource } from '../registry/file-usage';
import { fileEntry } from './file-audit';
import type { LibraryUpload } from './file-upload';
import {
  type FileRow,
  type FileTextValues,
  deleteTrashedFile,
  fileKeysOf,
  findFile,
  findFiles,
  holdFileForUse,
  insertFile,
  keysStillNamed,
  listFiles,
  lockFileVersion,
  replaceFileContent,
  trashFile,
  updateFileTexts,
} from './files.repository';

export type FileDeps = {
  db: Db;
  media: ObjectStorage;
  log?: FastifyBaseLogger;
  /** Where other modules use files (their records' `fileUsage`). */
  usages: readonly FileUsageSource[];
  /** MEDIA_PUBLIC_URL, where the renditions of pictures are served from a CDN. */
  mediaPublicUrl?: string | undefined;
};

/** A refused field, named as the request named it. */
function invalid(error: z.ZodError): HttpError {
  const errors = error.issues.map((issue) => ({ field: issue.path.join('.') || 'data', message: issue.message }));
  return new HttpError(400, 'validation', `Invalid or missing fields: ${[...new Set(errors.map((e) => e.field))].join(', ')}`, {
    errors,
  });
}

/** The texts a file of `kind` keeps: a picture's alternative texts are required in both languages, a document has none. */
function textsFor(kind: FileKind, texts: z.output<typeof fileTextsSchema>): FileTextValues {
  if (kind === 'document') return { title: texts.title, alt: null };
  const alt = texts.alt ?? { de: '', en: '' };
  const missing = (['de', 'en'] as const).filter((language) => alt[language] === '');
  if (missing.length > 0) {
    throw new HttpError(400, 'validation', `Invalid or missing fields: ${missing.map((l) => `alt.${l}`).join(', ')}`, {
      errors: missing.map((language) => ({ field: `alt.${language}`, message: 'a picture needs its alternative text' })),
    });
  }
  return { title: texts.title, alt };
}

/** Every use of these files, from every module that uses files, by file id. */
async function usesOf(deps: Pick<FileDeps, 'usages'>, db: Db, ids: readonly number[]): Promise<Map<number, FileUse[]>> {
  const uses = new Map<number, FileUse[]>();
  if (ids.length === 0) return uses;
  for (const source of deps.usages) {
    for (const { fileId, use } of await source.usesOf(db, ids)) uses.set(fileId, [...(uses.get(fileId) ?? []), use]);
  }
  return uses;
}

function toLibraryFile(row: FileRow, usedOn: FileUse[], urlOf: (key: string) => string): LibraryFile {
  const picture = row.picture ? (JSON.parse(row.picture) as StoredPicture) : null;
  return {
    id: row.id,
    kind: row.kind,
    title: { de: row.title_de, en: row.title_en },
    alt: row.kind === 'picture' ? { de: row.alt_de ?? '', en: row.alt_en ?? '' } : null,
    originalName: row.original_name,
    mediaType: row.media_type,
    size: Number(row.size),
    address: filePath(row.id, row.slug),
    width: picture?.width ?? null,
    height: picture?.height ?? null,
    sources: (picture?.variants ?? []).map((variant) => ({ url: urlOf(variant.key), width: variant.width, type: variant.type })),
    usedOn,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function fileRead(deps: FileDeps, row: FileRow): Promise<LibraryFile> {
  const uses = await usesOf(deps, deps.db, [row.id]);
  return toLibraryFile(row, uses.get(row.id) ?? [], mediaAddress(deps.mediaPublicUrl));
}

export async function getFileList(deps: FileDeps, kind?: FileKind): Promise<{ data: LibraryFile[]; count: number }> {
  const rows = await listFiles(deps.db, kind);
  const uses = await usesOf(
    deps,
    deps.db,
    rows.map((row) => row.id),
  );
  const urlOf = mediaAddress(deps.mediaPublicUrl);
  const data = rows.map((row) => toLibraryFile(row, uses.get(row.id) ?? [], urlOf));
  return { data, count: data.length };
}

export async function getFileUsage(deps: FileDeps, id: number): Promise<{ data: FileUse[]; count: number }> {
  if (!(await findFile(deps.db, id))) throw notFound('File');
  const data = (await usesOf(deps, deps.db, [id])).get(id) ?? [];
  return { data, count: data.length };
}

/** Removes objects of the media store that no row of the library names any more (a failed or replaced upload's). */
export async function releaseFileKeys(deps: Pick<FileDeps, 'db' | 'media' | 'log'>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const named = await keysStillNamed(deps.db, keys);
  const unused = keys.filter((key) => !named.has(key));
  // A failure here leaves an unused object, never a missing one: logged, not answered.
  await deps.media.remove(unused).catch((error: unknown) => deps.log?.warn({ err: error }, 'library files not removed'));
}

const newContentTag = () => crypto.randomBytes(8).toString('hex');

/** `POST /File`: a new file with its texts; answers it as read. */
export async function createFile(deps: FileDeps, request: LibraryUpload): Promise<LibraryFile> {
  const { upload } = request;
  try {
    if (!upload)
      throw new HttpError(400, 'validation', 'Missing field: file', { errors: [{ field: 'file', message: 'required' }] });
    const parsed = fileTextsSchema.safeParse(request.data);
    if (!parsed.success) throw invalid(parsed.error);
    const texts = textsFor(upload.content.kind, parsed.data);
    const id = await inTransaction(deps.db, async (trx) => {
      await bumpContentVersion(trx);
      const id = await insertFile(trx, {
        content: upload.content,
        texts,
        slug: fileSlug(upload.content.originalName, upload.content.kind === 'document'),
        contentTag: newContentTag(),
      });
      await recordChange(trx, fileEntry('create', id, undefined, { ...texts, originalName: upload.content.originalName }));
      return id;
    });
    return fileRead(deps, (await findFile(deps.db, id))!);
  } catch (error) {
    if (upload) await releaseFileKeys(deps, upload.keys);
    throw error;
  }
}

/**
 * `PUT /File`: new texts (JSON, `upload` undefined), or a new file in the old one's place with its
 * texts (multipart): its address stays, its ETag changes, the old file's objects go once the new
 * row is saved. A picture is replaced by a picture and a document by a document (415 otherwise):
 * where a page shows a picture, a document would not do.
 */
export async function changeFile(deps: FileDeps, request: LibraryUpload): Promise<LibraryFile> {
  const { upload } = request;
  let oldKeys: string[] = [];
  try {
    const parsed = fileUpdateSchema.safeParse(request.data);
    if (!parsed.success) throw invalid(parsed.error);
    const { id, updatedAt, ...given } = parsed.data;
    await inTransaction(deps.db, async (trx) => {
      await bumpContentVersion(trx);
      await claimVersion(trx, lockFileVersion, 'file', id, updatedAt);
      const before = await findFile(trx, id);
      if (!before) throw notFound('File');
      const texts = textsFor(before.kind, given);
      const beforeTexts = {
        title: { de: before.title_de, en: before.title_en },
        alt: before.kind === 'picture' ? { de: before.alt_de ?? '', en: before.alt_en ?? '' } : null,
        originalName: before.original_name,
      };
      if (upload) {
        if (upload.content.kind !== before.kind) {
          throw new HttpError(
            415,
            'unsupported_media_type',
            `A ${before.kind} is replaced by a ${before.kind}: "${upload.content.originalName}" is a ${upload.content.kind}`,
            { errors: [{ field: 'file', message: `must be a ${before.kind}, as the file it replaces` }] },
          );
        }
        await replaceFileContent(trx, id, upload.content, texts, newContentTag());
        oldKeys = fileKeysOf(before);
      } else {
        await updateFileTexts(trx, id, texts);
      }
      const after = { ...texts, originalName: upload?.content.originalName ?? before.original_name };
      const entry = fileEntry(upload ? 'replace' : 'update', id, beforeTexts, after);
      // A save that changed nothing (a read sent back as it was) is no change to record.
      if (upload || (entry.changes?.length ?? 0) > 0) await recordChange(trx, entry);
    });
    await releaseFileKeys(deps, oldKeys);
    return fileRead(deps, (await findFile(deps.db, id))!);
  } catch (error) {
    if (upload) await releaseFileKeys(deps, upload.keys);
    throw error;
  }
}

/**
 * `DELETE /File/{id}`: to the trash, unless the file is used somewhere: then 409 `file_in_use`
 * with every place (`usedOn`), and nothing changes. The file's row is held while every module is
 * asked, so a use saved meanwhile waits and then finds the file gone (registry/file-usage.ts).
 */
export async function removeFile(deps: FileDeps, id: number, by: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    // The content version first, as every trash write takes it (one lock order, no deadlock).
    await bumpContentVersion(trx);
    if (!(await holdFileForUse(trx, id))) throw notFound('File');
    const usedOn = (await usesOf(deps, trx, [id])).get(id) ?? [];
    if (usedOn.length > 0) {
      const where = usedOn.map((use) => `${use.kind} "${use.title}"`).join(', ');
      throw new HttpError(409, 'file_in_use', `The file is used on ${where}: remove it there first`, {
        problem: { usedOn },
      });
    }
    const row = (await findFile(trx, id))!;
    await trashFile(trx, id, by);
    await recordChange(trx, fileEntry('delete', id, { title: { de: row.title_de, en: row.title_en } }));
  });
}

/** The trash's purge of a file: its row, then the objects no other row names. */
export async function purgeFile(deps: Pick<FileDeps, 'db' | 'media' | 'log'>, id: number): Promise<boolean> {
  const keys = await inTransaction(deps.db, async (trx) => {
    await bumpContentVersion(trx);
    return deleteTrashedFile(trx, id);
  });
  if (!keys) return false;
  await releaseFileKeys(deps, keys);
  return true;
}

/**
 * The files a published page or post shows, as visitors see them (no "used on", no names
 * uploaded with): those in the trash or gone are left out.
 */
export async function filesForVisitors(
  db: Db,
  ids: readonly number[],
  mediaPublicUrl: string | undefined,
): Promise<CustomPageFile[]> {
  const urlOf = mediaAddress(mediaPublicUrl);
  return (await findFiles(db, [...new Set(ids)])).map((row) => {
    const { id, kind, title, alt, address, mediaType, size, width, height, sources } = toLibraryFile(row, [], urlOf);
    return { id, kind, title, alt, address, mediaType, size, width, height, sources };
  });
}

/** What a visitor is served at a file's address: the row, or undefined (unknown, or in the trash). */
export const publicFile = (db: Db, id: number) => findFile(db, id);
