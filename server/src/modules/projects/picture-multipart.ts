import type { FastifyRequest } from 'fastify';
import { type FocalPoint, maxProjectPictures, pictureLimits } from '@blitz/contract';
import { HttpError, badRequest } from '../../lib/http-error';
import { centre } from '../../media/picture-crops';
import { type PictureDeps, releasePictureKeys, storeUpload } from './picture-uploads';
import { type ProjectPicture, pictureKeys } from './project-pictures';

/**
 * Limits of a project saved as multipart/form-data: one `data` field (the project as JSON, as a
 * JSON body would carry it) and up to `maxProjectPictures` file parts of at most the picture limit.
 */
export const pictureMultipartLimits = {
  fileSize: pictureLimits.maxBytes,
  files: maxProjectPictures,
  fields: 5,
  fieldSize: 1024 * 1024,
  parts: maxProjectPictures + 5,
  headerPairs: 100,
} as const;

/** The uploads of a multipart save, by the file parts' field names: stored while the request arrived. */
const uploads = new WeakMap<FastifyRequest, Map<string, ProjectPicture>>();

export function uploadedFiles(request: FastifyRequest): Map<string, ProjectPicture> | undefined {
  return uploads.get(request);
}

/** The focal point the `data` field (if it came first) gives the file part `name`. */
function focusOf(data: unknown, name: string): FocalPoint {
  const pictures = (data as { pictures?: unknown } | undefined)?.pictures;
  if (!Array.isArray(pictures)) return centre;
  const entry = pictures.find((p: unknown) => (p as { file?: unknown } | null)?.file === name) as
    { focus?: FocalPoint } | undefined;
  const focus = entry?.focus;
  return focus &&
    typeof focus.x === 'number' &&
    typeof focus.y === 'number' &&
    focus.x >= 0 &&
    focus.x <= 1 &&
    focus.y >= 0 &&
    focus.y <= 1
    ? { x: focus.x, y: focus.y }
    : centre;
}

/**
 * A project sent as multipart/form-data: the `data` field becomes the body (validated as a JSON
 * body is), and every file part is checked, encoded and stored as it arrives (one in memory at a
 * time), cropped around the point the `data` field gives it (send `data` first; a file before it
 * is cropped again once its point is known). A failure releases what was stored.
 */
export async function readProjectMultipart(request: FastifyRequest, deps: PictureDeps): Promise<void> {
  if (!request.isMultipart()) return;
  const files = new Map<string, ProjectPicture>();
  let data: unknown;
  let storing = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (files.has(part.fieldname)) throw badRequest(part.fieldname, 'each file part needs its own field name');
        const bytes = await part.toBuffer();
        storing = true;
        files.set(part.fieldname, await storeUpload(deps, bytes, focusOf(data, part.fieldname), part.fieldname));
        storing = false;
      } else if (part.fieldname === 'data' && data === undefined) {
        try {
          data = JSON.parse(String(part.value));
        } catch {
          throw badRequest('data', 'must be the project as JSON');
        }
      } else {
        throw badRequest(part.fieldname, 'unknown field: send the project as JSON in the `data` field, pictures as file parts');
      }
    }
    if (data === undefined) throw badRequest('data', 'the project as JSON is missing');
  } catch (error) {
    await releasePictureKeys(deps, [...files.values()].flatMap(pictureKeys));
    // A body that is not multipart as its header says (cut off, no boundary, bad part headers):
    // the client's fault. Limits (FST_…) have their answers; a failure to store is the server's.
    const code = (error as { code?: unknown }).code;
    if (storing || error instanceof HttpError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
    throw new HttpError(400, 'malformed_body', 'The request body is not valid multipart/form-data');
  }
  request.body = data;
  uploads.set(request, files);
}
