import { recordChange } from '../audit/audit.recorder';
import { jobEntry } from './job-audit';
import type { TrashAdapter } from '../registry/trash-adapter';
import { deleteJob, findJob, restoreJob, trashedJobs } from './jobs.repository';

/** Job openings in the trash (decision 037): one comes back in its place in the list. */
export const jobTrash: TrashAdapter = {
  kind: 'job',
  find: trashedJobs,
  restore: async (trx, id) => {
    if (!(await restoreJob(trx, id))) return undefined;
    await recordChange(trx, jobEntry('restore', id, await findJob(trx, id, { kind: 'staff' })));
    return { restored: [{ kind: 'job', id }], featuredDropped: false };
  },
  purge: (deps, id) => deleteJob(deps.db, id, { trashed: true }),
};
