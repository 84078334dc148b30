import type { StoredPicture } from '../media/image-pipeline';
import type { ObjectStorage } from '../storage/object-storage';
import type { SiteStorage } from '../storage/site-storage';
import type { FileStore } from './archive-format';

export type FileRef = { store: FileStore; key: string };

/** The storage (disk or S3) that holds the files of an archive's store. */
export function storageOf(storage: SiteStorage, store: FileStore): ObjectStorage {
  return store === 'media' ? storage.media : storage.attachments;
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

/** How many objects the storage holds (a restore target must hold none). */
export async function countObjects(storage: ObjectStorage): Promise<number> {
  let count = 0;
  for await (const object of storage.list()) if (object) count++;
  return count;
}
