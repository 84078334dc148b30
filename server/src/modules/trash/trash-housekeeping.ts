import type { HousekeepingTask } from '../housekeeping/housekeeping';
import { type TrashDeps, purgeExpired } from './trash.service';

/** The housekeeping's round: what has been in the trash for 30 days is deleted for good, with the files only it used. */
export function trashHousekeeping(deps: TrashDeps, now = () => new Date()): HousekeepingTask {
  return { name: 'trash', run: async () => ({ purged: await purgeExpired(deps, now()) }) };
}
