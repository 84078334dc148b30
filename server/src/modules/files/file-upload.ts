import crypto from 'node:crypto';
import { pipeline } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { extensionOf, fileLibraryLimits, libraryDocumentTypes, libraryPictureTypes } from '@blitz/contract';
import { HttpError, badRequest } from '../../lib/http-error';
import { detectContentType } from '../../media/content-type';
import { PictureError, processPicture, storedPictureOf } from '../../media/image-pipeline';
import { pictureObjectOptions } from '../../media/media-storage';
import { type ObjectStorage, countingStream } from '../../storage/object-storage';
import { acceptedAttachmentType, cleanFileName, nameForType, scanFiles } from '../contact/contact.service';
import type { MalwareScanner } from '../contact/malware-scanner';
import type { FileContent } from './files.repository';

// An upload to the library (decision 060): a document goes through the checks of an inquiry's
// attachment (its type sniffed from its content, a size limit, the malware scanner where one is
// configured); a picture through the site's picture pipeline (AVIF and WebP widths, no metadata).

const MB = 1024 * 1024;

export type UploadDeps = { media: ObjectStorage; scanner?: MalwareScanner | undefined; log?: FastifyBaseLogger };

/** The multipart limits of the library's routes: one `data` field (the texts as JSON) and one file. */
export const fileMultipartLimits = {
  fileSize: Math.max(fileLibraryLimits.maxDocumentBytes, fileLibraryLimits.maxPictureBytes),
  files: 1,
  fields: 2,
  fieldSize: 64 * 1024,
  parts: 3,
  headerPairs: 100,
} as const;

/** The longest body worth reading: the largest file and the texts, with the multipart framing. */
export const maxFileRequestBytes = fileMultipartLimits.fileSize + 1 * MB;

const fileField = 'file';

const tooLarge = (limit: number, name: string) =>
  new HttpError(413, 'payload_too_large', `"${name}" is larger than ${Math.round(limit / MB)} MB`, {
    errors: [{ field: fileField, message: `larger than ${Math.round(limit / MB)} MB` }],
  });

const notAccepted = (name: string) =>
  new HttpError(
    415,
    'unsupported_media_type',
    `"${name}" is not a file the library takes (pictures: JPEG, PNG, WebP, AVIF; documents: PDF and office files)`,
    { errors: [{ field: fileField, message: 'type not accepted' }] },
  );

/** A stored upload and the keys it stored (to be removed if the save fails). */
export type ReceivedUpload = { content: FileContent; keys: string[] };

/** Reads one file part: checked by its content, then stored (a document) or re-encoded and stored (a picture). */
async function receiveUpload(part: MultipartFile, deps: UploadDeps): Promise<ReceivedUpload> {
  const chosenName = cleanFileName(part.filename);
  const detected = await detectContentType(part.file);
  if (detected.empty) throw badRequest(fileField, 'the file is empty');
  const mediaType = acceptedAttachmentType(detected.type, chosenName);
  const isPicture = libraryPictureTypes.some((type) => type.mime === mediaType);
  if (!mediaType || (!isPicture && !libraryDocumentTypes.some((type) => type.mime === mediaType))) {
    detected.stream.resume();
    throw notAccepted(chosenName);
  }
  const originalName = nameForType(chosenName, mediaType);
  if (isPicture) return receivePicture(part, detected.stream, { originalName, mediaType }, deps);

  // A document goes straight to a random key of its own; its row is written after (or it is removed).
  const key = `files/${crypto.randomBytes(16).toString('hex')}.${extensionOf(originalName) || 'bin'}`;
  const counter = countingStream();
  const { size } = await deps.media.put(
    key,
    pipeline(detected.stream, counter, () => {}),
    { contentType: mediaType },
  );
  if (part.file.truncated || size > fileLibraryLimits.maxDocumentBytes) {
    await deps.media.remove([key]);
    throw tooLarge(fileLibraryLimits.maxDocumentBytes, chosenName);
  }
  // The scanner reads it back from storage, as an inquiry's attachment; a refusal removes it.
  try {
    await scanFiles([{ key, size, fileName: originalName, chosenName, contentType: mediaType }], {
      scanner: deps.scanner,
      store: deps.media,
      log: deps.log,
    });
  } catch (error) {
    await deps.media.remove([key]);
    if (error instanceof HttpError && error.code === 'malware_found') {
      throw new HttpError(422, 'malware_found', error.message, { errors: [{ field: fileField, message: 'malware found' }] });
    }
    throw error;
  }
  return {
    content: { kind: 'document', originalName, mediaType, size, storageKey: key, picture: null },
    keys: [key],
  };
}

async function receivePicture(
  part: MultipartFile,
  stream: NodeJS.ReadableStream,
  names: { originalName: string; mediaType: string },
  deps: UploadDeps,
): Promise<ReceivedUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > fileLibraryLimits.maxPictureBytes) {
      part.file.resume();
      throw tooLarge(fileLibraryLimits.maxPictureBytes, names.originalName);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw tooLarge(fileLibraryLimits.maxPictureBytes, names.originalName);
  let encoded;
  try {
    encoded = await processPicture(Buffer.concat(chunks), 'files');
  } catch (error) {
    if (!(error instanceof PictureError)) throw error;
    if (error.reason === 'too_large') throw tooLarge(fileLibraryLimits.maxPictureBytes, names.originalName);
    throw badRequest(fileField, error.message);
  }
  const keys = encoded.variants.map((variant) => variant.key);
  try {
    await Promise.all(encoded.variants.map((v) => deps.media.put(v.key, v.data, pictureObjectOptions(v.key))));
  } catch (error) {
    await deps.media.remove(keys).catch(() => {});
    throw error;
  }
  return {
    content: { kind: 'picture', ...names, size, storageKey: null, picture: storedPictureOf(encoded) },
    keys,
  };
}

/** A multipart request to the library: its `data` field (JSON, not yet validated) and its file, if any, stored. */
export type LibraryUpload = { data: unknown; upload: ReceivedUpload | undefined };

/**
 * Reads a multipart request: `data` (the texts as JSON) and at most one `file`, checked and stored
 * as it arrives. Any other part is refused (400). A failure removes what was stored; `release`
 * (the caller's, for keys another file may share) removes a stored upload's keys.
 */
export async function readLibraryUpload(
  parts: AsyncIterable<Multipart>,
  deps: UploadDeps,
  release: (keys: string[]) => Promise<void>,
): Promise<LibraryUpload> {
  let data: unknown;
  let upload: ReceivedUpload | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || upload) {
          part.file.resume();
          throw badRequest(part.fieldname, `one file, in the field "${fileField}"`);
        }
        upload = await receiveUpload(part, deps);
      } else if (part.fieldname === 'data' && data === undefined) {
        if (part.valueTruncated) throw badRequest('data', 'too long');
        try {
          data = JSON.parse(String(part.value));
        } catch {
          throw badRequest('data', 'must be the texts as JSON');
        }
      } else {
        throw badRequest(part.fieldname, 'unknown field: send the texts as JSON in `data`, the file in `file`');
      }
    }
  } catch (error) {
    if (upload) await release(upload.keys);
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(fileMultipartLimits.fileSize, 'the file');
    if (error instanceof HttpError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
    const message = error instanceof Error && !(error as NodeJS.ErrnoException).code ? error.message : '';
    if (/multipart|end of form|malformed|boundary|part terminated|premature/i.test(message)) {
      throw new HttpError(400, 'malformed_body', 'The request body is not valid multipart/form-data');
    }
    throw error;
  }
  if (data === undefined) {
    if (upload) await release(upload.keys);
    throw badRequest('data', 'the texts as JSON are missing');
  }
  return { data, upload };
}
