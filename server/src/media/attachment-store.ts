import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fsyncPath } from '../lib/fsync';

/** A file streamed to disk and flushed, not yet under its final name. */
export type TempFile = { key: string; size: number };

/**
 * Where inquiry attachments live. Disk now (under DATA_DIR, never served publicly); the shape
 * leaves room for object storage later.
 */
export type AttachmentStore = {
  /** Streams into a temporary file and fsyncs it; `onChunk` may throw to stop the upload (limits). */
  writeTemp(source: Readable, onChunk?: (bytes: number) => void): Promise<TempFile>;
  /** Moves temporary files under their final names and makes the renames durable. */
  commit(files: TempFile[]): Promise<void>;
  discard(files: TempFile[]): Promise<void>;
  /** Reads a temporary file back (the malware scan, before commit). */
  openTemp(file: TempFile): Readable;
  open(key: string): Readable;
  /** What nodemailer needs to attach the file without reading it into memory. */
  mailSource(key: string): { path: string };
  remove(keys: string[]): Promise<void>;
  /** Deletes files no row references (left by a crash between file and commit) and stale temp files. */
  sweep(isReferenced: (keys: string[]) => Promise<Set<string>>, olderThanMs: number): Promise<number>;
};

/** Attachments live in DATA_DIR/inquiries, never served publicly. */
export function attachmentDirIn(dataDir: string): string {
  return path.join(dataDir, 'inquiries');
}

/** Names are random: 16 bytes in hex. */
export const attachmentKeyPattern = /^[a-f0-9]{32}$/;

export function createDiskAttachmentStore(dir: string): AttachmentStore {
  const incoming = path.join(dir, '.incoming');
  fs.mkdirSync(incoming, { recursive: true, mode: 0o700 });
  const finalPath = (key: string) => {
    if (!attachmentKeyPattern.test(key)) throw new Error(`not an attachment key: ${key}`);
    return path.join(dir, key);
  };
  const tempPath = (key: string) => path.join(incoming, `${key}.part`);

  return {
    async writeTemp(source, onChunk) {
      const key = crypto.randomBytes(16).toString('hex');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          try {
            onChunk?.(chunk.length);
            callback(null, chunk);
          } catch (error) {
            callback(error as Error);
          }
        },
      });
      try {
        await pipeline(source, counter, fs.createWriteStream(tempPath(key), { flags: 'wx', mode: 0o600 }));
        await fsyncPath(tempPath(key));
      } catch (error) {
        await fsp.rm(tempPath(key), { force: true });
        throw error;
      }
      return { key, size };
    },

    openTemp(file) {
      if (!attachmentKeyPattern.test(file.key)) throw new Error(`not an attachment key: ${file.key}`);
      return fs.createReadStream(tempPath(file.key));
    },

    async commit(files) {
      for (const file of files) await fsp.rename(tempPath(file.key), finalPath(file.key));
      if (files.length > 0) await fsyncPath(dir);
    },

    async discard(files) {
      await Promise.all(
        files.flatMap((f) => [fsp.rm(tempPath(f.key), { force: true }), fsp.rm(finalPath(f.key), { force: true })]),
      );
    },

    open: (key) => fs.createReadStream(finalPath(key)),
    mailSource: (key) => ({ path: finalPath(key) }),

    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(finalPath(key), { force: true })));
    },

    async sweep(isReferenced, olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      const old = async (file: string) => (await fsp.stat(file).catch(() => undefined))?.mtimeMs ?? Infinity;
      let removed = 0;
      for (const name of await fsp.readdir(incoming)) {
        if ((await old(path.join(incoming, name))) < cutoff) {
          await fsp.rm(path.join(incoming, name), { force: true });
          removed++;
        }
      }
      const candidates: string[] = [];
      for (const name of await fsp.readdir(dir)) {
        if (attachmentKeyPattern.test(name) && (await old(path.join(dir, name))) < cutoff) candidates.push(name);
      }
      const referenced = candidates.length ? await isReferenced(candidates) : new Set<string>();
      for (const key of candidates.filter((k) => !referenced.has(k))) {
        await fsp.rm(finalPath(key), { force: true });
        removed++;
      }
      return removed;
    },
  };
}
