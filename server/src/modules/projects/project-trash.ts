import { recordChange } from '../audit/audit.recorder';
import { categoryEntry } from '../categories/category-audit';
import { projectEntry } from './project-audit';
import { findCategory } from '../categories/categories.repository';
import type { TrashAdapter } from '../registry/trash-adapter';
import { findProject } from './projects.repository';
import { restoreProject, trashedProjects } from './project-trash.repository';
import { purgeProject } from './projects.service';

/**
 * Projects in the trash (decision 037). A project whose category is in the trash too brings that
 * category back with it (the category alone, not its other projects).
 */
export const projectTrash: TrashAdapter = {
  kind: 'project',
  find: trashedProjects,
  restore: async (trx, id) => {
    const outcome = await restoreProject(trx, id);
    if (!outcome) return undefined;
    await recordChange(trx, projectEntry('restore', id, await findProject(trx, id)));
    const categoryId = outcome.restoredCategoryId;
    if (categoryId !== null) await recordChange(trx, categoryEntry('restore', categoryId, await findCategory(trx, categoryId)));
    return {
      restored: [{ kind: 'project', id }, ...(categoryId === null ? [] : [{ kind: 'category' as const, id: categoryId }])],
      featuredDropped: outcome.featuredDropped,
    };
  },
  // Its files go once no other project, trashed or not, uses them.
  purge: purgeProject,
  // A project names its category: it goes first, so the category is not purged from under it.
  purgeBefore: ['category'],
};
