import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredFormTokens } from '../../modules/contact/form-tokens.repository';
import { inquiryHousekeeping } from '../../modules/inbox/inquiry-housekeeping';
import { type HousekeepingTask, createHousekeeping } from '../../modules/housekeeping/housekeeping';
import { deleteOldAuditEntries } from '../../modules/audit/audit.service';
import { deleteStaleAttempts } from '../../modules/rate-limits/attempts.repository';
import { statisticsHousekeeping } from '../../modules/statistics/statistics-housekeeping';
import { statisticsSummaryTask } from '../../modules/statistics/statistics-summary';
import type { TrashAdapter } from '../../modules/trash/trash-adapter';
import { trashHousekeeping } from '../../modules/trash/trash-housekeeping';

/** Rate and sign-in counts whose window started this long ago are over (the longest window is 15 minutes). */
const staleCountsAfterMs = 24 * 3600_000;

type HousekeepingOptions = { tasks?: HousekeepingTask[]; trashAdapters: readonly TrashAdapter[] };

/**
 * Hourly clean-up, on one instance at a time among those sharing the database: inquiries past
 * their retention and files no inquiry names (in the attachments storage), and
 * rate-limit and sign-in counts long over, spent contact form tokens past their day, the visitor
 * statistics' salts of past days and visits of past days, what has been in the trash for 30 days
 * (with the pictures only it used); and on Monday morning the statistics' weekly summary mails.
 * `tasks`: those of the layers above (the nightly backup, decision 044), run last;
 * `trashAdapters`: the trashable domains' (app.ts).
 */
export const housekeeping = fp(async (app: FastifyInstance, options: HousekeepingOptions) => {
  const { db } = app;
  const job = createHousekeeping(
    db,
    [
      inquiryHousekeeping(db, app.attachments),
      {
        name: 'rate-counts',
        run: async () => ({ stale: await deleteStaleAttempts(db, new Date(Date.now() - staleCountsAfterMs)) }),
      },
      { name: 'form-tokens', run: async () => ({ expired: await deleteExpiredFormTokens(db, new Date()) }) },
      statisticsHousekeeping(db),
      trashHousekeeping({ db, media: app.media, log: app.log, adapters: options.trashAdapters }),
      { name: 'audit-trail', run: async () => ({ old: await deleteOldAuditEntries(db, app.config.auditRetentionDays) }) },
      // The weekly summary mail needs counting on and a mail server (decision 025).
      ...(app.config.statistics.enabled
        ? [statisticsSummaryTask({ db, mailServer: app.mailTransport.mode === 'smtp', kick: () => app.outbox.kick() })]
        : []),
      ...(options.tasks ?? []),
    ],
    app.log.child({ module: 'housekeeping' }),
  );
  app.addHook('onReady', async () => job.start());
  app.addHook('preClose', async () => job.stop());
});
