import { berlinDate } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { HousekeepingTask } from '../housekeeping/housekeeping';
import { deleteSpentVisitData } from './statistics.repository';

/** Past days' salts and visits older than yesterday, removed in the hourly round (decision 025). */
export function statisticsHousekeeping(db: Db, now = () => new Date()): HousekeepingTask {
  return {
    name: 'statistics',
    run: async () => {
      const today = berlinDate(now());
      const yesterday = berlinDate(new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000));
      return deleteSpentVisitData(db, today, yesterday);
    },
  };
}
