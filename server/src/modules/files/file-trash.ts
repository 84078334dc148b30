import { recordChange } from '../audit/audit.recorder';
import type { TrashAdapter } from '../registry/trash-adapter';
import { fileEntry } from './file-audit';
import { findFile, restoreFile, trashedFiles } from './files.repository';
import { purgeFile } from './files.service';

/**
 * Files of the library in the trash (decisions 037, 060): a restored file is served at its address
 * again; a purged one takes the objects only it named.
 */
export const fileTrash: TrashAdapter = {
  kind: 'file',
  find: trashedFiles,
  restore: async (trx, id) => {
    if (!(await restoreFile(trx, id))) return undefined;
    const row = (await findFile(trx, id))!;
    await recordChange(trx, fileEntry('restore', id, { title: { de: row.title_de, en: row.title_en } }));
    return { restored: [{ kind: 'file', id }], featuredDropped: false };
  },
  purge: (deps, id) => purgeFile(deps, id),
};
