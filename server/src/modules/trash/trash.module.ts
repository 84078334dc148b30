import type { SiteModule } from '../registry/site-module';
import { trashAdaptersOf } from '../registry/trash-adapter';
import { trashHousekeeping } from './trash-housekeeping';
import { trashRoutes } from './trash.routes';

/** The trash (decision 037): its API, and the purge of what has been in it for 30 days; it holds the items of every module that hands in an adapter. */
export const trashModule: SiteModule = {
  name: 'trash',
  routes: trashRoutes,
  housekeeping: ({ db, media, log, modules }) => [trashHousekeeping({ db, media, log, adapters: trashAdaptersOf(modules) })],
};
