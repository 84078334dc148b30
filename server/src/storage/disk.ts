import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fsyncPath } from '../lib/fsync';
import { type ObjectStorage, checkedKey, isObjectKey } from './object-storage';

export type DiskStorageOptions = {
  /** Files only this process's user may read (attachments: personal data); otherwise world-readable (pictures). */
  private?: boolean;
};

/** Unfinished writes live here, beside the objects (same file system, so the rename is atomic). */
const incomingFolder = '.incoming';

/**
 * Objects as files under `root`, the key's slashes as folders. A write goes to a temporary file
 * in `root/.incoming`, is flushed, renamed under its key and the rename flushed: once `put`
 * resolves the object survives a power cut, and a crash before leaves only a temporary file,
 * which `removeIncomplete` deletes.
 */
export function createDiskStorage(root: string, options: DiskStorageOptions = {}): ObjectStorage {
  const incoming = path.join(root, incomingFolder);
  const folderMode = options.private ? 0o700 : 0o755;
  fs.mkdirSync(incoming, { recursive: true, mode: folderMode });
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  const mode = options.private ? 0o600 : 0o644;

  return {
    kind: 'disk',
    location: root,

    async put(key, body) {
      const file = fileOf(key);
      const temp = path.join(incoming, `${crypto.randomBytes(12).toString('hex')}.part`);
      let size = 0;
      let out: fs.WriteStream | undefined;
      try {
        // Made again if it went (a folder removed by hand, a volume mounted anew). Synchronously:
        // the body must be taken before anything is awaited, or an error it raises meanwhile (a
        // size limit) would find no listener.
        fs.mkdirSync(incoming, { recursive: true, mode: folderMode });
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        out = fs.createWriteStream(temp, { flags: 'wx', mode });
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              yield chunk;
            }
          },
          out,
        );
        await fsyncPath(temp);
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.rename(temp, file);
        await fsyncPath(path.dirname(file));
      } catch (error) {
        // The file is created when the stream has opened it, which may be after the body failed:
        // removed once the stream is closed, or it would be left behind.
        const stream = out;
        if (stream && !stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
        await fsp.rm(temp, { force: true });
        throw error;
      }
      return { size };
    },

    async open(key) {
      if (!isObjectKey(key)) return undefined;
      // Opened here, not lazily by the stream: the size and the bytes are of the same file, and a
      // missing file is known before anything is answered.
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

    async *list(prefix = '') {
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        // Temporary files (in .incoming, or `*.part` left by an older version) are not objects.
        if (!key.startsWith(prefix) || !isObjectKey(key) || key.endsWith('.part')) continue;
        const stat = await fsp.stat(path.join(root, key)).catch(() => undefined);
        if (stat) yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    },

    async linkTo(key, file) {
      try {
        await fsp.link(fileOf(key), file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async removeIncomplete(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of await fsp.readdir(incoming).catch(() => [])) {
        const file = path.join(incoming, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat && stat.mtimeMs < cutoff) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
