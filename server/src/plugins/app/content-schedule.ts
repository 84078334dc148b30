import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentSchedule, scheduleContentChanges } from '../../modules/content/content-schedule';
import { type SiteModule, scheduledChangesOf } from '../../modules/registry/site-module';

declare module 'fastify' {
  interface FastifyInstance {
    /** The moments scheduled content goes live (decision 063): a module whose write may change them asks it to look again. */
    contentSchedule: ContentSchedule;
  }
}

const nothingScheduled: ContentSchedule = { start() {}, stop: async () => {}, rearm: async () => {} };

/**
 * The content version moved when a module's scheduled change comes due (a news post's time), on
 * every instance and by one of them (modules/content/content-schedule.ts, decision 063). `marginMs`:
 * how long after the moment (tests shorten it).
 */
export const contentSchedule = fp(
  async (app: FastifyInstance, options: { modules: readonly SiteModule[]; marginMs?: number }) => {
    const sources = scheduledChangesOf(options.modules);
    const schedule =
      sources.length === 0
        ? nothingScheduled
        : scheduleContentChanges({
            db: app.db,
            sources,
            clock: app.clock,
            log: app.log.child({ module: 'content-schedule' }),
            onToldOfMove: app.contentVersion.onTold,
            ...(options.marginMs === undefined ? {} : { marginMs: options.marginMs }),
          });
    app.decorate('contentSchedule', schedule);
    app.addHook('onReady', async () => schedule.start());
    app.addHook('preClose', async () => schedule.stop());
  },
);
