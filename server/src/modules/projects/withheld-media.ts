import type { ReadDeps } from '../content/content-reads';
import { keysOnlyTrashedProjectsName } from './project-trash.repository';

/**
 * Whether visitors are refused a media key: a picture only trashed projects use (decision 037).
 * Read once per content version, which every delete and restore changes.
 */
export function withheldProjectMedia(deps: ReadDeps): (key: string) => Promise<boolean> {
  return async (key) =>
    key.startsWith('projects/') &&
    (await deps.contentReads.read('project withheld-media', () => keysOnlyTrashedProjectsName(deps.db))).value.includes(key);
}
