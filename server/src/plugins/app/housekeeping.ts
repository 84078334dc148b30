import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type HousekeepingTask, createHousekeeping } from '../../modules/housekeeping/housekeeping';
import { type SiteModule, housekeepingTasksOf } from '../../modules/registry/site-module';

type HousekeepingOptions = { modules: readonly SiteModule[]; tasks?: HousekeepingTask[] };

/**
 * Hourly clean-up, on one instance at a time among those sharing the database: each module's
 * tasks of its record (`modules`: site-modules.ts), in the list's order — inquiries past their
 * retention and files no inquiry names (in the attachments storage), rate-limit and sign-in counts
 * long over, spent contact form tokens past their day, the visitor statistics' salts of past days
 * and visits of past days, what has been in the trash for 30 days (with the pictures only it
 * used), old audit entries; and on Monday morning the statistics' weekly summary mails.
 * `tasks`: those of the layers above (the nightly backup, decision 044), run last.
 */
export const housekeeping = fp(async (app: FastifyInstance, options: HousekeepingOptions) => {
  const { db } = app;
  const deps = {
    db,
    config: app.config,
    log: app.log,
    media: app.media,
    attachments: app.attachments,
    mailServer: app.mailTransport.mode === 'smtp',
    clock: app.clock,
    kickOutbox: () => app.outbox.kick(),
    modules: options.modules,
  };
  const job = createHousekeeping(
    db,
    [...housekeepingTasksOf(deps, options.modules), ...(options.tasks ?? [])],
    app.log.child({ module: 'housekeeping' }),
  );
  app.addHook('onReady', async () => job.start());
  app.addHook('preClose', async () => job.stop());
});
