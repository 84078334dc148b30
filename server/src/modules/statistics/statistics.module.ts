import type { SiteModule } from '../registry/site-module';
import { statisticsHousekeeping } from './statistics-housekeeping';
import { statisticsSummaryOutboxHandler, statisticsSummaryTask } from './statistics-summary';
import { statisticsRoutes } from './statistics.routes';

/**
 * Visitor statistics (decision 025): the dashboard's API, the clean-up of past days' salts and
 * visits, and the weekly summary mail. The counting itself is a plugin (statistics-counting.ts).
 */
export const statisticsModule: SiteModule = {
  name: 'statistics',
  routes: statisticsRoutes,
  outboxHandlers: ({ config }) => ({ statisticsSummary: statisticsSummaryOutboxHandler(config) }),
  housekeeping: ({ db, config, mailServer, kickOutbox }) => [
    statisticsHousekeeping(db),
    // The weekly summary mail needs counting on and a mail server (decision 025).
    ...(config.statistics.enabled ? [statisticsSummaryTask({ db, mailServer, kick: kickOutbox })] : []),
  ],
};
