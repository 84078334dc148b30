import { recordChange } from '../audit/audit.recorder';
import { bumpContentVersion } from '../content/content-version.repository';
import type { TrashAdapter } from '../registry/trash-adapter';
import { inTransaction } from '../../db/transaction';
import { pageEntry } from './custom-page-audit';
import { deleteCustomPage, findCustomPage, restoreCustomPage, trashedCustomPages } from './custom-pages.repository';

/** Pages in the trash (decision 037): one comes back at its address, live again if it was. */
export const customPageTrash: TrashAdapter = {
  kind: 'page',
  find: trashedCustomPages,
  restore: async (trx, id) => {
    if (!(await restoreCustomPage(trx, id))) return undefined;
    await recordChange(trx, pageEntry('restore', id, (await findCustomPage(trx, id))?.values));
    return { restored: [{ kind: 'page', id }], featuredDropped: false };
  },
  // The content version first, as every trash write takes it (one lock order).
  purge: (deps, id) =>
    inTransaction(deps.db, async (trx) => {
      await bumpContentVersion(trx);
      return deleteCustomPage(trx, id, { trashed: true });
    }),
};
