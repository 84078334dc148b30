import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MailTransport, createMailTransport } from '../../mail/mail-transport';
import { type Outbox, createOutbox } from '../../mail/outbox';
import { type MalwareScanner, clamdScanner } from '../../modules/contact/malware-scanner';
import { type SiteModule, outboxHandlersOf } from '../../modules/registry/site-module';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scans each attachment before its inquiry is stored (CLAMD_URL); undefined without. */
    malwareScanner: MalwareScanner | undefined;
    outbox: Outbox;
    /** How mail leaves the server (SMTP_URL, or the log): the outbox's, and the test mail's of the dashboard. */
    mailTransport: MailTransport;
  }
}

/**
 * The background side of contact inquiries: the mail outbox (started when the app is ready,
 * stopped before it closes, so no mail is cut off mid-send by the database closing), sending the
 * kinds of mail the modules' records hand in (`modules`: site-modules.ts). Retention and the
 * orphan-file sweep run in housekeeping (plugins/app/housekeeping.ts).
 */
export const inquiryServices = fp(async (app: FastifyInstance, options: { modules: readonly SiteModule[] }) => {
  const transport = createMailTransport(app.config.smtpUrl, app.log, {
    connectMs: app.config.mail.smtpTimeoutMs,
    dataMs: app.config.mail.smtpDataTimeoutMs,
  });
  const log = app.log.child({ module: 'mail-outbox' });
  // The site's own domain, read per mail: SITE_URL's host, else the saved website's.
  const messageIdDomain = async () => new URL((await app.publicAddress.current()).origin).hostname;
  const outbox = createOutbox({
    db: app.db,
    dbKind: app.dbKind,
    transport,
    log,
    timing: app.config.mail,
    handlers: outboxHandlersOf({ config: app.config, attachments: app.attachments, messageIdDomain }, options.modules),
    messageIdDomain,
    onAttempt: (kind, status) => {
      const { metrics } = app;
      metrics.mailAttempts.inc({ kind, outcome: status === 'pending' ? 'retry' : status });
      if (kind !== 'inquiry') return;
      if (status === 'sent' || status === 'logged') metrics.inquiriesMailed.inc();
      if (status === 'failed') metrics.inquiryMailsFailed.inc();
    },
  });
  const { clamd } = app.config;
  app.decorate('malwareScanner', clamd ? clamdScanner(clamd.address, clamd.timeoutMs) : undefined);
  app.decorate('outbox', outbox);
  app.decorate('mailTransport', transport);
  app.addHook('onReady', async () => {
    if (!clamd) app.log.info('CLAMD_URL is not set: attachments are not scanned for malware');
    if (transport.mode === 'log')
      app.log.info('SMTP_URL is not set: inquiries are stored and their mails written to the log, not sent');
    outbox.start();
  });
  app.addHook('preClose', async () => {
    await outbox.stop();
  });
});
