import type { ReadDeps } from '../content/content-reads';
import { keysOnlyTrashedFilesName } from './files.repository';

/**
 * Whether visitors are refused a media key: a rendition of a picture only files in the trash name
 * (decisions 037, 060). Read once per content version, which every delete and restore changes.
 */
export function withheldFileMedia(deps: ReadDeps): (key: string) => Promise<boolean> {
  return async (key) =>
    key.startsWith('files/') &&
    (await deps.contentReads.read('files withheld-media', () => keysOnlyTrashedFilesName(deps.db))).value.includes(key);
}
