import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { pictureLimits, wordpressImportLimits } from '@blitz/contract';

/**
 * Where an import takes a post's pictures from (decision 054): a copy of the old site's
 * `wp-content/uploads` (a zip, or a folder for the command line), matched by the attachment's
 * `_wp_attached_file`; or, without one, the old site itself at `wp:attachment_url` — only when
 * that address is on the export's own `base_site_url` origin (never another host, never `file:`),
 * bounded in size and time, redirects followed only on that origin. Everything read is bounded by
 * the picture limit before the upload pipeline sees it.
 */

/** A picture to take: the attachment's address and its path under uploads (either may be missing). */
export type PictureRef = { url: string | null; file: string | null };

export type PictureBytes = { ok: true; bytes: Buffer } | { ok: false; reason: string };

export type PictureSource = {
  /** How the report names where pictures came from. */
  readonly kind: 'zip' | 'folder' | 'site';
  read(ref: PictureRef): Promise<PictureBytes>;
  close(): Promise<void>;
};

/** Why a source cannot be used at all (a zip that is not one): the import is refused before anything is written. */
export class SourceError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

const maxBytes = pictureLimits.maxBytes;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const tooLarge = (): PictureBytes => ({ ok: false, reason: `larger than ${megabytes(maxBytes)}` });

/** A path under uploads as WordPress names it (`2021/06/x.jpg`): relative, no dot segments, no backslash. */
function uploadsPath(file: string | null): string | null {
  if (!file) return null;
  const clean = file.replace(/^\/+/, '');
  const parts = clean.split('/');
  if (clean === '' || clean.includes('\\') || clean.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..'))
    return null;
  return clean;
}

/** Reads a stream into memory, refusing it as soon as it passes `limit` bytes. */
async function boundedRead(stream: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The key an entry of an uploads zip is found under: its path below `uploads/` when it has one, else its whole name. */
function entryKey(name: string): string {
  const at = /(?:^|\/)uploads\//.exec(name);
  return at ? name.slice(at.index + at[0].length) : name;
}

/**
 * A zip of `wp-content/uploads` (the folder itself, its parent, or its contents at the top: an
 * entry is found by its path below `uploads/`). yauzl refuses entry names that are absolute or
 * climb out (`..`), checks each entry's size against its header while inflating, and is never
 * asked to write anything to disk: an entry is read into memory only when a post needs it, and
 * only up to the picture limit (a zip bomb ends there).
 */
export async function openZipSource(file: string): Promise<PictureSource> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw new SourceError(400, `The uploads file is not a zip archive: ${(error as Error).message}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > wordpressImportLimits.uploadsMaxEntries)
      throw new SourceError(400, `The uploads zip lists more than ${wordpressImportLimits.uploadsMaxEntries} entries.`);
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      entries.set(entryKey(entry.fileName), entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof SourceError) throw error;
    throw new SourceError(400, `The uploads zip cannot be read: ${(error as Error).message}`);
  }
  return {
    kind: 'zip',
    async read(ref) {
      const wanted = uploadsPath(ref.file);
      if (!wanted) return { ok: false, reason: 'the export names no file under uploads for it' };
      const entry = entries.get(wanted);
      if (!entry) return { ok: false, reason: `not in the uploads zip (${wanted})` };
      if (entry.uncompressedSize > maxBytes) return tooLarge();
      try {
        const bytes = await boundedRead(await zip.openReadStreamPromise(entry), maxBytes);
        return bytes ? { ok: true, bytes } : tooLarge();
      } catch (error) {
        return { ok: false, reason: `cannot be read from the zip: ${(error as Error).message}` };
      }
    },
    async close() {
      zip.close();
    },
  };
}

/** A copy of the uploads folder (the command line): a file is taken only inside it, a link only to inside it. */
export async function openFolderSource(folder: string): Promise<PictureSource> {
  const root = await fsp.realpath(folder).catch(() => {
    throw new SourceError(400, `The uploads folder ${folder} does not exist`);
  });
  return {
    kind: 'folder',
    async read(ref) {
      const wanted = uploadsPath(ref.file);
      if (!wanted) return { ok: false, reason: 'the export names no file under uploads for it' };
      try {
        const real = await fsp.realpath(path.join(root, ...wanted.split('/')));
        if (!real.startsWith(root + path.sep)) return { ok: false, reason: 'outside the uploads folder' };
        const stat = await fsp.stat(real);
        if (!stat.isFile()) return { ok: false, reason: 'not a file' };
        if (stat.size > maxBytes) return tooLarge();
        const bytes = await boundedRead(fs.createReadStream(real), maxBytes);
        return bytes ? { ok: true, bytes } : tooLarge();
      } catch {
        return { ok: false, reason: `not in the uploads folder (${wanted})` };
      }
    },
    async close() {},
  };
}

/** An http(s) origin, or undefined for anything else (`file:`, a bare name). */
function httpOrigin(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The old site itself: pictures fetched from `wp:attachment_url` when its origin is the export's
 * `base_site_url` origin, nowhere else; where an admin confirmed the address the site answers at
 * today (`confirmedUrl`), from that one instead, with the same path. A redirect is followed only
 * on the origin fetched from (at most 3); the answer is read up to the picture limit, within the
 * time limit.
 */
export function siteSource(
  baseSiteUrl: string,
  {
    confirmedUrl = null,
    timeoutMs = wordpressImportLimits.fetchTimeoutSeconds * 1000,
  }: { confirmedUrl?: string | null; timeoutMs?: number } = {},
): PictureSource {
  const exported = httpOrigin(baseSiteUrl);
  const origin = confirmedUrl ? httpOrigin(confirmedUrl) : exported;
  return {
    kind: 'site',
    async read(ref) {
      if (!ref.url) return { ok: false, reason: 'the export names no address for it' };
      if (!origin) return { ok: false, reason: 'the export names no http(s) address of the old site (base_site_url)' };
      let address = ref.url;
      // Named on the export's address: the same path at the confirmed one.
      if (origin !== exported && exported && httpOrigin(address) === exported) {
        const named = new URL(address);
        address = origin + named.pathname + named.search;
      }
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        for (let hop = 0; hop <= 3; hop++) {
          const at = httpOrigin(address);
          if (!at) return { ok: false, reason: `not an http(s) address (${address.slice(0, 200)}): not fetched` };
          if (at !== origin) return { ok: false, reason: `on another host than the old site (${at}): not fetched` };
          const response = await fetch(address, { redirect: 'manual', signal });
          if (response.status >= 300 && response.status < 400) {
            await response.body?.cancel();
            const location = response.headers.get('location');
            if (!location) return { ok: false, reason: `answered ${response.status} without a location` };
            address = new URL(location, address).href;
            continue;
          }
          if (!response.ok) {
            await response.body?.cancel();
            return { ok: false, reason: `the old site answered ${response.status}` };
          }
          const length = Number(response.headers.get('content-length'));
          if (Number.isFinite(length) && length > maxBytes) {
            await response.body?.cancel();
            return tooLarge();
          }
          if (!response.body) return { ok: false, reason: 'the old site answered without a body' };
          const bytes = await boundedRead(Readable.fromWeb(response.body as never), maxBytes);
          return bytes ? { ok: true, bytes } : tooLarge();
        }
        return { ok: false, reason: 'too many redirects' };
      } catch (error) {
        const timedOut = signal.aborted;
        return {
          ok: false,
          reason: timedOut
            ? `no answer within ${Math.round(timeoutMs / 1000)} s`
            : `cannot be fetched (${(error as Error).message})`,
        };
      }
    },
    async close() {},
  };
}
