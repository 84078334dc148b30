import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { berlinDate } from '@blitz/contract';
import type { Db } from '../../db/database';
import { addressGroup } from '../../lib/address-group';
import { type HashedInquiry, type HashedView, daySalt, recordBatch } from './statistics.repository';

/** Who made a request, only as long as it waits in memory for the next batch (never stored). */
type Sender = { day: string; address: string; userAgent: string };

export type PendingView = Sender & Omit<HashedView, 'day' | 'visitor'>;
export type PendingInquiry = Sender & Omit<HashedInquiry, 'day' | 'visitor'> & { counted: boolean };

/**
 * How many views and inquiries wait at most, gathered or being written: beyond that (a database
 * down or slow for long) new ones are dropped.
 */
const maxPending = 50_000;

/**
 * A batch this large is written at once instead of at the next tick of the timer: a busy site
 * (a kept page answers 10,000 and more a second on a small machine, decision 039) would otherwise
 * fill `maxPending` between two ticks and lose the views of a few seconds.
 */
export const writeBatchAt = 10_000;

/**
 * Gathers counts in memory and writes them in batches (every `flushMs` and at shutdown): a page
 * answer never waits for the database, and a failing write loses that batch, never a page. The
 * visitor is a hash of the address, the user agent and the day's salt, made only when writing.
 */
export function createStatisticsRecorder(db: Db, log: FastifyBaseLogger, flushMs: number) {
  let views: PendingView[] = [];
  let inquiries: PendingInquiry[] = [];
  const salts = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  // Taken from the lists and not written yet: they still count against maxPending.
  let beingWritten = 0;

  /**
   * The visitor's hash and its network address's (the address's /64 for IPv6, `addressGroup`),
   * both salted with the day's salt; undefined for a past day whose salt is gone (decision 025: a
   * page view without a visitor).
   */
  async function visitorOf(sender: Sender): Promise<{ visitor: string; address: string } | undefined> {
    let salt = salts.get(sender.day);
    if (salt === undefined) {
      salt = await daySalt(db, sender.day, berlinDate(new Date()));
      if (salt === undefined) return undefined;
      // Only today's (and, around midnight, yesterday's) salt is kept.
      for (const day of salts.keys()) if (day < sender.day) salts.delete(day);
      salts.set(sender.day, salt);
    }
    const hash = (text: string) => crypto.createHash('sha256').update(text).digest('base64url').slice(0, 22);
    return {
      visitor: hash(`${salt}\n${sender.address}\n${sender.userAgent}`),
      address: hash(`${salt}\naddress\n${addressGroup(sender.address)}`),
    };
  }

  async function write(batch: PendingView[], received: PendingInquiry[]): Promise<void> {
    if (batch.length === 0 && received.length === 0) return;
    try {
      const hashed: HashedView[] = [];
      for (const { address, userAgent, ...view } of batch)
        hashed.push({ ...view, ...(await visitorOf({ day: view.day, address, userAgent })) });
      const traced: HashedInquiry[] = [];
      for (const { address, userAgent, counted, ...inquiry } of received)
        traced.push({
          ...inquiry,
          visitor: counted ? (await visitorOf({ day: inquiry.day, address, userAgent }))?.visitor : undefined,
        });
      await recordBatch(db, hashed, traced);
    } catch (error) {
      log.warn(
        { err: error, views: batch.length, inquiries: received.length },
        'visitor statistics not written; this batch is lost',
      );
    }
  }

  /** Writes what has gathered (after any write still running); never throws. */
  function flush(): Promise<void> {
    const batch = views;
    const received = inquiries;
    views = [];
    inquiries = [];
    const size = batch.length + received.length;
    beingWritten += size;
    writing = writing
      .then(() => write(batch, received))
      .finally(() => {
        beingWritten -= size;
      });
    return writing;
  }

  const room = () => views.length + inquiries.length + beingWritten < maxPending;

  return {
    view(view: Omit<PendingView, 'day'>, now = new Date()): void {
      if (!room()) return;
      views.push({ ...view, day: berlinDate(now) });
      if (views.length >= writeBatchAt) void flush();
    },
    inquiry(inquiry: Omit<PendingInquiry, 'day'>, now = new Date()): void {
      if (room()) inquiries.push({ ...inquiry, day: berlinDate(now) });
    },
    flush,
    start(): void {
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type StatisticsRecorder = ReturnType<typeof createStatisticsRecorder>;
