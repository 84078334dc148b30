import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where public media (project pictures) live, behind one small interface: disk under DATA_DIR
 * now; an S3-compatible bucket is the planned second backend, so keys are plain relative names
 * and nothing here hands out file paths.
 */
export type MediaStorage = {
  /** Stores the bytes under the key; writing the same key twice is harmless (names are content hashes). */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored object, or undefined when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the objects; a missing one is not an error. */
  remove(keys: readonly string[]): Promise<void>;
};

/** Public media live in DATA_DIR/media, served at /media/. */
export function mediaDirIn(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Keys are lower-case relative names without dot segments: nothing can point outside the root. */
export const mediaKeyPattern = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

function checkedKey(key: string): string {
  if (!mediaKeyPattern.test(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

export function createDiskMediaStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
      await fsp.writeFile(temp, data, { mode: 0o644 });
      await fsp.rename(temp, file);
    },
    async open(key) {
      if (!mediaKeyPattern.test(key)) return undefined;
      // Opened here, not lazily by the stream: the size and the bytes are of the same file.
      const handle = await fsp.open(fileOf(key), 'r').catch(() => undefined);
      if (!handle) return undefined;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return { stream: handle.createReadStream(), size: stat.size };
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileOf(key), { force: true })));
    },
  };
}
