import type { SiteModule } from '../registry/site-module';
import { deleteStaleAttempts } from './attempts.repository';

/** Rate and sign-in counts whose window started this long ago are over (the longest window is 15 minutes). */
const staleCountsAfterMs = 24 * 3600_000;

/** The rate limits' and sign-in throttle's counts (in the database, shared by every instance): their clean-up. */
export const rateLimitsModule: SiteModule = {
  name: 'rate-limits',
  housekeeping: ({ db }) => [
    {
      name: 'rate-counts',
      run: async () => ({ stale: await deleteStaleAttempts(db, new Date(Date.now() - staleCountsAfterMs)) }),
    },
  ],
};
