import fsp from 'node:fs/promises';
import path from 'node:path';
import { attachmentDirIn } from '../media/attachment-store';
import type { StoredPicture } from '../media/image-pipeline';
import { mediaDirIn } from '../media/media-storage';
import type { FileStore } from './archive-format';

export type FileRef = { store: FileStore; key: string };

export function storeDir(dataDir: string, store: FileStore): string {
  return store === 'media' ? mediaDirIn(dataDir) : attachmentDirIn(dataDir);
}

export function filePath(dataDir: string, { store, key }: FileRef): string {
  return path.join(storeDir(dataDir, store), ...key.split('/'));
}

/**
 * Where rows name files: a backup holds exactly the files that rows of its snapshot name. A new
 * table or column that names stored files must be added here (the backup tests notice a picture
 * or attachment missing from the archive).
 */
export const fileReferences: Record<string, (row: Record<string, unknown>) => FileRef[]> = {
  inquiry_attachments: (row) => [{ store: 'attachments', key: String(row['storage_key']) }],
  projects: (row) => {
    if (typeof row['picture'] !== 'string') return [];
    const picture = JSON.parse(row['picture']) as StoredPicture;
    return picture.variants.map((v) => ({ store: 'media', key: v.key }));
  },
};

/** Regular files under the folder (recursively), relative to it; none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
