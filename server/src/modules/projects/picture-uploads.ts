import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { ContentLanguage, type FocalPoint, type LocalizedText } from '@blitz/contract';
import { HttpError, badRequest } from '../../lib/http-error';
import {
  PictureError,
  type StoredPicture,
  decodePicture,
  decodePictureDataUrl,
  encodeVariants,
  pictureJob,
} from '../../media/image-pipeline';
import { pictureObjectOptions } from '../../media/media-storage';
import { type PictureCrops, centre, cropKeys, renderCrops } from '../../media/picture-crops';
import type { ObjectStorage } from '../../storage/object-storage';
import type { Db } from '../../db/database';
import { findFile } from '../files/files.repository';
import { type ProjectPicture, pictureKeys, pictureKeysInUse, pictureRead } from './project-pictures';

export type PictureDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger; mediaUrl: (key: string) => string };

/** A picture input after validation (defaults applied). */
export type PictureChoice = {
  url?: string | undefined;
  file?: string | undefined;
  libraryFileId?: number | null | undefined;
  alt: LocalizedText[];
  focus: FocalPoint;
  decorative: boolean;
};

/** The refusal of a picture's bytes, naming the field it came in. */
function refusal(error: PictureError, field: string): HttpError {
  const errors = [{ field, message: error.message }];
  return error.reason === 'too_large'
    ? new HttpError(413, 'payload_too_large', error.message, { errors })
    : new HttpError(400, 'validation', `Invalid field: ${field} (${error.message})`, { errors });
}

/**
 * Checks, decodes and encodes an uploaded picture (every width and format of the whole picture,
 * and its crops around `focus`) and stores the files. Answers it without texts.
 */
export async function storeUpload(deps: PictureDeps, bytes: Buffer, focus: FocalPoint, field: string): Promise<ProjectPicture> {
  let made;
  try {
    made = await pictureJob(async () => {
      const decoded = await decodePicture(bytes);
      const { width, height } = decoded.raw;
      const variants = await encodeVariants(() => sharp(decoded.data, { raw: decoded.raw }), width, height, 'projects');
      const crops = await renderCrops(decoded, focus);
      return { width, height, variants, crops };
    });
  } catch (error) {
    if (error instanceof PictureError) throw refusal(error, field);
    throw error;
  }
  const { files, ...crops } = made.crops;
  await Promise.all([
    ...made.variants.map((v) => deps.media.put(v.key, v.data, pictureObjectOptions(v.key))),
    ...files.map((f) => deps.media.put(f.key, f.data, pictureObjectOptions(f.key))),
  ]);
  return {
    width: made.width,
    height: made.height,
    variants: made.variants.map(({ data: _data, ...v }) => v),
    alt: [],
    focus,
    decorative: false,
    crops,
  };
}

/** A picture sent as a data URL, stored. */
export function storeDataUrl(deps: PictureDeps, dataUrl: string, focus: FocalPoint, field: string): Promise<ProjectPicture> {
  let bytes: Buffer;
  try {
    bytes = decodePictureDataUrl(dataUrl);
  } catch (error) {
    if (error instanceof PictureError) throw refusal(error, field);
    throw error;
  }
  return storeUpload(deps, bytes, focus, field);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The crops of a stored picture around a new focal point, made from its largest stored WebP (the
 * original is not kept). Undefined when that file cannot be read: the picture keeps its new point
 * without crops, and readers crop by the point themselves.
 */
export async function recrop(deps: PictureDeps, picture: ProjectPicture, focus: FocalPoint): Promise<PictureCrops | undefined> {
  const largest = picture.variants.filter((v) => v.type === 'image/webp').sort((a, b) => b.width - a.width)[0];
  const object = largest && (await deps.media.open(largest.key));
  if (!object) {
    deps.log.warn({ key: largest?.key }, 'could not crop a picture again: its largest file is missing');
    return undefined;
  }
  const bytes = await readAll(object.stream);
  const made = await pictureJob(async () => renderCrops(await decodePicture(bytes), focus));
  const { files, ...crops } = made;
  await Promise.all(files.map((f) => deps.media.put(f.key, f.data, pictureObjectOptions(f.key))));
  return crops;
}

/**
 * A picture of the library, copied into the project (decision 066): its renditions under the
 * projects' keys (the same bytes, so the same names as an upload of them would get), its crops
 * made around `focus`, and the library's alternative texts. A copy, so that the reference keeps
 * its picture whatever becomes of the library's file; `libraryFileId` says where it came from.
 */
export async function copyLibraryPicture(
  deps: PictureDeps,
  fileId: number,
  focus: FocalPoint,
  field: string,
): Promise<ProjectPicture> {
  const row = await findFile(deps.db, fileId);
  if (!row?.picture) throw badRequest(field, row ? `file ${fileId} is not a picture` : `no file ${fileId} in the library`);
  const stored = JSON.parse(row.picture) as StoredPicture;
  const variants = await Promise.all(
    stored.variants.map(async (variant) => {
      const object = await deps.media.open(variant.key);
      if (!object) throw badRequest(field, `the library's picture ${fileId} has lost its files: upload it again`);
      const key = variant.key.replace(/^files\//, 'projects/');
      await deps.media.put(key, await readAll(object.stream), pictureObjectOptions(key));
      return { ...variant, key };
    }),
  );
  const alt = [
    { language: ContentLanguage.German, content: row.alt_de ?? '' },
    { language: ContentLanguage.English, content: row.alt_en ?? '' },
  ]
    .filter((text) => text.content.trim() !== '')
    .sort((a, b) => a.language - b.language);
  return { width: stored.width, height: stored.height, variants, alt, focus, decorative: false, libraryFileId: fileId };
}

const samePoint = (a: FocalPoint, b: FocalPoint) => Math.abs(a.x - b.x) < 0.001 && Math.abs(a.y - b.y) < 0.001;

/** Which picture of `existing` a kept picture's `url` names: its web-sized URL or any of its files' as read. */
function keptPicture(existing: ProjectPicture[], url: string, urlOf: (key: string) => string): ProjectPicture | undefined {
  return existing.find((picture) => {
    const read = pictureRead(picture, urlOf);
    return read.url === url || read.sources.some((s) => s.url === url);
  });
}

/**
 * The pictures a save asks for, in its order: new ones stored (data URLs, or multipart files
 * already stored under their field names), kept ones with their texts and focal point, cropped
 * again where the point moved. `made` collects every key stored here, so that a failed save can
 * release them.
 */
export async function resolvePictures(
  deps: PictureDeps,
  existing: ProjectPicture[],
  inputs: PictureChoice[],
  files: ReadonlyMap<string, ProjectPicture>,
  made: string[],
): Promise<ProjectPicture[]> {
  const used = new Set<string>();
  const result: ProjectPicture[] = [];
  for (const [index, input] of inputs.entries()) {
    const field = `pictures.${index}`;
    let texts = { alt: input.decorative ? [] : input.alt, decorative: input.decorative };
    let picture: ProjectPicture;
    if (input.url === undefined && input.file === undefined) {
      picture = await copyLibraryPicture(deps, input.libraryFileId!, input.focus, `${field}.libraryFileId`);
      made.push(...pictureKeys(picture));
      // Texts left empty take the library's, which it requires in both languages.
      if (!input.decorative && input.alt.length === 0) texts = { ...texts, alt: picture.alt };
    } else if (input.file !== undefined) {
      const uploaded = files.get(input.file);
      if (!uploaded) throw badRequest(`${field}.file`, `no file part named "${input.file}" in this request`);
      if (used.has(input.file)) throw badRequest(`${field}.file`, 'each file part may be used once');
      used.add(input.file);
      picture = uploaded;
    } else if (input.url!.startsWith('data:')) {
      picture = await storeDataUrl(deps, input.url!, input.focus, `${field}.url`);
      made.push(...pictureKeys(picture));
    } else {
      const kept = keptPicture(existing, input.url!, deps.mediaUrl);
      if (!kept)
        throw badRequest(`${field}.url`, 'not a picture of this project: send a new picture as a data URL or a file part');
      picture = kept;
    }
    if (!picture.crops || !samePoint(picture.crops.focus, input.focus)) {
      const crops = await recrop(deps, picture, input.focus);
      picture = { ...picture, crops };
      if (!crops) delete picture.crops;
      made.push(...cropKeys(crops));
    }
    result.push({ ...picture, focus: input.focus, ...texts });
  }
  return result;
}

/** A picture from a SPEC.md §7 `picture` data URL: no texts yet, its point in the centre. */
export function legacyPicture(deps: PictureDeps, dataUrl: string): Promise<ProjectPicture> {
  return storeDataUrl(deps, dataUrl, centre, 'picture');
}

/**
 * Removes the files of these pictures that no project uses any more (pictureKeysInUse), `keep`
 * aside. Runs after the database change is committed: a failure leaves an unused file behind,
 * never a project without its picture.
 */
export async function releasePictureKeys(
  deps: Pick<PictureDeps, 'db' | 'media' | 'log'>,
  keys: readonly string[],
  keep: readonly ProjectPicture[] = [],
) {
  const kept = new Set(keep.flatMap(pictureKeys));
  const candidates = [...new Set(keys)].filter((key) => !kept.has(key));
  if (candidates.length === 0) return;
  try {
    const inUse = await pictureKeysInUse(deps.db, candidates);
    await deps.media.remove(candidates.filter((key) => !inUse.has(key)));
  } catch (error) {
    deps.log.warn({ err: error, keys: candidates }, 'could not remove unused picture files');
  }
}
