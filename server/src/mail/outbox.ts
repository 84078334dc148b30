import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, DatabaseKind } from '../db/database';
import type { MailMessage, MailTransport } from './mail-transport';
import {
  type OutboxEntry,
  type OutboxKind,
  type OutboxStatus,
  claimDueMails,
  releaseMail,
  settleMail,
} from './outbox.repository';

export type OutboxHandler = {
  /** The message of a queued mail, or undefined when there is nothing to send any more. */
  render(db: Db, entry: OutboxEntry): Promise<MailMessage | undefined>;
  /** Told the outcome of every attempt, in the transaction that records it (e.g. an inquiry's delivery status). */
  settled?(db: Db, entry: OutboxEntry, status: OutboxStatus): Promise<void>;
};

export type OutboxOptions = {
  db: Db;
  dbKind: DatabaseKind;
  transport: MailTransport;
  log: FastifyBaseLogger;
  timing: Config['mail'];
  /** By kind: every module's (site-modules.ts). A mail of a kind without one fails like a mail that cannot be rendered. */
  handlers: Readonly<Record<OutboxKind, OutboxHandler>>;
  /** The right-hand side of every Message-ID: the site's own domain, whoever the sender is. */
  messageIdDomain: (db: Db) => Promise<string>;
  /** Names this sender in leases; random per process unless given. */
  owner?: string;
  /** Told the outcome of every recorded attempt (`pending`: failed, tried again later); the metrics count them. */
  onAttempt?: (kind: OutboxKind, status: OutboxStatus) => void;
};

export type Outbox = {
  start(): void;
  /** Stops polling and waits for the mail being sent, if any. */
  stop(): Promise<void>;
  /** Looks for due mail now (after a new inquiry), instead of at the next poll. */
  kick(): void;
  /** One pass over every due mail; resolves when done (tests use it). */
  drain(): Promise<void>;
};

const batchSize = 5;

type Outcome = { status: OutboxStatus; attemptedAt: string; error: string | null; nextAttemptAt?: string };

/**
 * A Message-ID of its own for each queued mail, the same on every try: a copy that could not be
 * avoided (the process killed between the server's acceptance and its record) is recognisable
 * as the same message by mail programs and by staff. A mail queued again by staff is a new one.
 * Its domain is the site's own (issue 29), not the sender's, which may be the operator's relay.
 */
export function outboxMessageId(entry: OutboxEntry, domain: string): string {
  return `<outbox-${entry.id}.${entry.kind}@${domain}>`;
}

/** Delay before the next try after `attempts` failed ones: base, doubling, capped. */
export function retryDelay(attempts: number, timing: Pick<Config['mail'], 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(timing.retryBaseMs * 2 ** Math.max(0, attempts - 1), timing.retryMaxMs);
}

/**
 * The in-process sender: polls the mail_outbox table, claims due rows with a lease, sends them
 * and records every attempt. Failures are retried with backoff until `giveUpMs` after the mail
 * was queued; then the mail is marked failed (staff can send it again from the inbox).
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, dbKind, transport, log, timing, handlers } = options;
  const owner = options.owner ?? `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopped = false;
  // Sent, but the database could not record it (stopped, disk full): kept here and written as
  // soon as it answers again, never sent again by this process.
  const unrecorded = new Map<number, { entry: OutboxEntry; outcome: Outcome }>();

  /** Records an attempt; false when the database could not take it (then it is kept to retry). */
  async function record(entry: OutboxEntry, outcome: Outcome): Promise<boolean> {
    let settled: boolean;
    try {
      settled = await settleMail(
        db,
        entry.id,
        owner,
        outcome,
        (trx) => handlers[entry.kind]?.settled?.(trx, entry, outcome.status) ?? Promise.resolve(),
      );
    } catch (error) {
      unrecorded.set(entry.id, { entry, outcome });
      log.error({ err: error, outboxId: entry.id, status: outcome.status }, 'mail attempt not recorded yet; retrying the record');
      return false;
    }
    unrecorded.delete(entry.id);
    if (!settled) {
      // The lease ran out (another sender may have taken the row) or the mail was deleted with what it was about.
      log.warn({ outboxId: entry.id }, 'mail lease lost before it was settled');
      return true;
    }
    options.onAttempt?.(entry.kind, outcome.status);
    return true;
  }

  /** Writes what could not be written before; false while the database still refuses. */
  async function recordPending(): Promise<boolean> {
    for (const { entry, outcome } of [...unrecorded.values()]) {
      if (!(await record(entry, outcome))) return false;
    }
    return true;
  }

  async function deliver(entry: OutboxEntry): Promise<void> {
    const handler = handlers[entry.kind];
    const attemptedAt = new Date();
    let status: OutboxStatus;
    let error: string | null = null;
    let nextAttemptAt: string | undefined;
    let message: MailMessage | undefined;
    try {
      if (!handler) throw new Error(`no handler for the mail kind ${entry.kind}`);
      message = await handler.render(db, entry);
      if (!message) {
        status = 'failed';
        error = 'nothing to send (inquiry gone or not to be mailed)';
      } else {
        message.messageId ??= outboxMessageId(entry, await options.messageIdDomain(db));
        await transport.send(message);
        status = transport.mode === 'log' ? 'logged' : 'sent';
      }
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 1000);
      const giveUp = attemptedAt.getTime() - Date.parse(entry.createdAt) >= timing.giveUpMs;
      status = giveUp ? 'failed' : 'pending';
      if (!giveUp) nextAttemptAt = new Date(attemptedAt.getTime() + retryDelay(entry.attempts + 1, timing)).toISOString();
      // The error text (kept in the database for staff) may quote an address; the log gets codes only.
      const { code, responseCode } = (cause ?? {}) as { code?: unknown; responseCode?: unknown };
      log.warn(
        { outboxId: entry.id, kind: entry.kind, attempts: entry.attempts + 1, code, responseCode, giveUp },
        'mail not sent',
      );
    } finally {
      // Attachments are streams opened from storage for this try; one not read to its end (the
      // log transport, a refused connection) would hold its file or its S3 connection open.
      for (const attachment of message?.attachments ?? []) {
        if (attachment.content instanceof Readable) attachment.content.destroy();
      }
    }
    await record(entry, { status, attemptedAt: attemptedAt.toISOString(), error, nextAttemptAt });
  }

  async function pass(): Promise<void> {
    if (!(await recordPending())) return;
    for (;;) {
      const now = new Date();
      const batch = await claimDueMails(
        db,
        dbKind,
        owner,
        now.toISOString(),
        new Date(now.getTime() + timing.leaseMs).toISOString(),
        batchSize,
      );
      if (batch.length === 0) return;
      for (const entry of batch) {
        const kept = unrecorded.get(entry.id);
        // Sent before: claimed again only to write down that it was, never to send it twice.
        if (kept) await record(entry, kept.outcome);
        else if (stopped) await releaseMail(db, entry.id, owner);
        else await deliver(entry);
      }
      if (stopped) return;
    }
  }

  function schedule(delay: number) {
    if (stopped || !started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          // The database may be briefly away; the next poll tries again.
          if (!stopped) log.error({ err: error }, 'mail outbox pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule(timing.pollMs);
    });
    return running;
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      // One last try to write down what was sent; what still fails is sent again after the
      // lease (a duplicate that its Message-ID marks as such).
      await recordPending().catch(() => false);
      transport.close();
    },
    kick() {
      if (started && !stopped) void run();
    },
    drain: () => run(),
  };
}
