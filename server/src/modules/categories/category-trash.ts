import { recordChange } from '../audit/audit.recorder';
import { categoryEntry } from './category-audit';
import type { TrashAdapter } from '../registry/trash-adapter';
import { deleteCategory, findCategory, restoreCategory, trashedCategories } from './categories.repository';

/** Categories in the trash (decision 037): one comes back with its projects' links. */
export const categoryTrash: TrashAdapter = {
  kind: 'category',
  find: trashedCategories,
  restore: async (trx, id) => {
    if (!(await restoreCategory(trx, id))) return undefined;
    await recordChange(trx, categoryEntry('restore', id, await findCategory(trx, id)));
    return { restored: [{ kind: 'category', id }], featuredDropped: false };
  },
  purge: (deps, id) => deleteCategory(deps.db, id, { trashed: true }),
};
