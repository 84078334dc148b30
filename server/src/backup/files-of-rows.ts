import { storedFiles } from '../site-modules';
import type { ObjectStorage } from '../storage/object-storage';
import type { SiteStorage } from '../storage/site-storage';
import type { StoredFileRef } from '../storage/stored-files';
import type { FileStore } from './archive-format';

export type FileRef = StoredFileRef;

/** The storage (disk or S3) that holds the files of an archive's store. */
export function storageOf(storage: SiteStorage, store: FileStore): ObjectStorage {
  return store === 'media' ? storage.media : storage.attachments;
}

/** Whether rows of this table name stored files (by a module's declaration, site-modules.ts). */
export const namesFiles = (table: string) => storedFiles.some((declaration) => declaration.table === table);

/**
 * The files a row names, by every module's declaration for its table (server/src/site-modules.ts):
 * a backup holds exactly the files that rows of its snapshot name.
 */
export function filesOfRow(table: string, row: Record<string, unknown>): FileRef[] {
  const refs: FileRef[] = [];
  for (const declaration of storedFiles) {
    if (declaration.table !== table) continue;
    try {
      refs.push(...declaration.filesOf(row));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`a row of ${table} names its files in a form this release cannot read (${reason})`, { cause: error });
    }
  }
  return refs;
}

/** How many objects the storage holds (a restore target must hold none). */
export async function countObjects(storage: ObjectStorage): Promise<number> {
  let count = 0;
  for await (const object of storage.list()) if (object) count++;
  return count;
}
