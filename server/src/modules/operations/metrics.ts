import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { OutboxBacklog } from '../../mail/outbox.repository';

/**
 * What the server counts for Prometheus, in a registry of its own per app (tests build many apps
 * in one process; the global registry would mix them and refuse the second registration).
 */
export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  inquiriesReceived: Counter;
  inquiriesStored: Counter;
  inquiriesSpam: Counter;
  inquiriesMailed: Counter;
  inquiryMailsFailed: Counter;
  mailAttempts: Counter<'kind' | 'outcome'>;
  signIns: Counter<'outcome'>;
  cacheLookups: Counter<'cache' | 'result'>;
};

export type MetricsOptions = {
  /** Process metrics (CPU, memory, event-loop lag, GC): only where /metrics is served, since each set starts a monitor. */
  processMetrics: boolean;
  /** The outbox's backlog, read from the database on each scrape; rejects (or times out) when it cannot be read. */
  outboxBacklog: () => Promise<OutboxBacklog>;
};

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // Both outbox gauges come from one query per scrape.
  let backlog: Promise<OutboxBacklog | undefined> | undefined;
  const readBacklog = () => {
    backlog ??= options
      .outboxBacklog()
      .catch(() => undefined)
      .finally(() => setTimeout(() => (backlog = undefined), 100).unref());
    return backlog;
  };

  new Gauge({
    name: 'blitz_outbox_pending',
    help: 'Mails waiting to be sent: due now or waiting for their next try (absent when the database cannot be read)',
    registers,
    async collect() {
      const found = await readBacklog();
      if (found) this.set(found.pending);
      else this.reset();
    },
  });
  new Gauge({
    name: 'blitz_outbox_oldest_due_age_seconds',
    help: 'How long the oldest due mail has been due; 0 when none is due (absent when the database cannot be read)',
    registers,
    async collect() {
      const found = await readBacklog();
      if (!found) return this.reset();
      this.set(found.oldestDueAt ? Math.max(0, (Date.now() - Date.parse(found.oldestDueAt)) / 1000) : 0);
    },
  });

  return {
    registry,
    httpDuration: new Histogram({
      name: 'blitz_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    inquiriesReceived: new Counter({
      name: 'blitz_inquiries_received_total',
      help: 'Contact-form posts taken up (received minus stored: refused as invalid, too large, infected, or during an outage)',
      registers,
    }),
    inquiriesStored: new Counter({
      name: 'blitz_inquiries_stored_total',
      help: 'Inquiries stored and answered 201, spam included',
      registers,
    }),
    inquiriesSpam: new Counter({
      name: 'blitz_inquiries_spam_total',
      help: 'Stored inquiries marked as spam (honeypot or filled too fast), never mailed',
      registers,
    }),
    inquiriesMailed: new Counter({
      name: 'blitz_inquiries_mailed_total',
      help: 'Inquiry mails to the company delivered to the SMTP server (or written to the log without SMTP_URL)',
      registers,
    }),
    inquiryMailsFailed: new Counter({
      name: 'blitz_inquiries_mail_failed_total',
      help: 'Inquiry mails to the company given up on after MAIL_GIVE_UP_HOURS (staff can resend them)',
      registers,
    }),
    mailAttempts: new Counter({
      name: 'blitz_mail_attempts_total',
      help: 'Outbox send attempts by mail kind and outcome (sent, logged, retry, failed)',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    signIns: new Counter({
      name: 'blitz_sign_ins_total',
      help: 'Sign-in attempts (POST /api/v1/login/Auth) by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    cacheLookups: new Counter({
      name: 'blitz_cache_lookups_total',
      help: 'Lookups in the finished-page cache (page), the kept answers replayed before routing (replay: hits only) and the public content reads cache (content), by result',
      labelNames: ['cache', 'result'],
      registers,
    }),
  };
}
