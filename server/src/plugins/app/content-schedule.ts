import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleContentChanges } from '../../modules/content/content-schedule';
import { type SiteModule, scheduledChangesOf } from '../../modules/registry/site-module';

/**
 * The content version moved when a module's scheduled change comes due (a news post's time), on
 * every instance and by one of them (modules/content/content-schedule.ts, decision 063). `marginMs`:
 * how long after the moment (tests shorten it).
 */
export const contentSchedule = fp(
  async (app: FastifyInstance, options: { modules: readonly SiteModule[]; marginMs?: number }) => {
    const sources = scheduledChangesOf(options.modules);
    if (sources.length === 0) return;
    const schedule = scheduleContentChanges({
      db: app.db,
      sources,
      clock: app.clock,
      log: app.log.child({ module: 'content-schedule' }),
      onVersionMove: app.contentVersion.onForget,
      ...(options.marginMs === undefined ? {} : { marginMs: options.marginMs }),
    });
    app.addHook('onReady', async () => schedule.start());
    app.addHook('preClose', async () => schedule.stop());
  },
);
