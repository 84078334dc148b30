import type { FileUse } from '@blitz/contract';
import type { Db } from '../../db/database';

/**
 * Where a module uses files of the library (decision 060): pages, news, reference projects each
 * hand one in with their module record, so that the library, which asks them all before a file
 * is deleted and shows "used on" for each, imports none of them. Here beside the record, as the
 * trash's adapter is.
 *
 * A module that saves a use of a file calls the library's `holdFileForUse` in the saving
 * transaction first: it locks the file's row, as a deletion does before it asks every source, so a
 * use saved at the same moment as a deletion is either seen by it or refused (the file is gone).
 */
export type FileUsageSource = {
  /** The kind of item that uses files (`page`, `news`, `project`), as `FileUse.kind`. */
  kind: string;
  /** Every use of these files (the trash's items left out: a trashed page no longer uses a file). */
  usesOf: (db: Db, fileIds: readonly number[]) => Promise<{ fileId: number; use: FileUse }[]>;
};

/** The usage sources of the modules that hand one in, in the modules' order. */
export const fileUsageSourcesOf = (modules: readonly { fileUsage?: FileUsageSource }[]): FileUsageSource[] =>
  modules.flatMap((module) => (module.fileUsage ? [module.fileUsage] : []));
