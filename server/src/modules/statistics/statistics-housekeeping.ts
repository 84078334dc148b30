import { berlinDate } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { HousekeepingTask } from '../housekeeping/housekeeping';
import { deleteSpentVisitData } from './statistics.repository';

/** Past days' salts and visits, removed in the hourly round (decision 025). */
export function statisticsHousekeeping(db: Db, now = () => new Date()): HousekeepingTask {
  return {
    name: 'statistics',
    run: async () => {
      return deleteSpentVisitData(db, berlinDate(now()));
    },
  };
}
