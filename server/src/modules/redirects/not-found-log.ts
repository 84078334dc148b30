import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { redirectLimits } from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { exclusionOf, webAddress } from '../statistics/visit-classification';
import { type NotFoundHit, addNotFoundHits, pruneNotFound } from './redirects.repository';
import { addressParts } from './redirect-paths';

export type NotFoundLogOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Rows the table keeps at most (the most frequent). */
  budget?: number;
  /** Misses waiting in memory that make a write start at once. */
  batchSize?: number;
  /** How long a miss waits at most before it is written. */
  flushMs?: number;
};

const pathMaxLength = 1000;

/**
 * The log of addresses that lead nowhere (issue 43): counted in memory, written in batches so
 * that the answer never waits for it, and bounded twice: in memory (at most `budget` addresses
 * wait; a new one beyond is dropped while the known ones still count) and in the database (after
 * each batch only the `budget` most frequent rows stay). A flood of random addresses thus costs
 * a bounded table and a bounded memory. The referring page's host is kept, never the visitor's
 * address; bots are counted apart.
 */
export class NotFoundLog {
  private pending = new Map<string, NotFoundHit>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  readonly budget: number;
  private readonly batchSize: number;
  private readonly flushMs: number;

  constructor(private readonly options: NotFoundLogOptions) {
    this.budget = options.budget ?? redirectLimits.notFoundBudget;
    this.batchSize = options.batchSize ?? 1000;
    this.flushMs = options.flushMs ?? 3000;
  }

  /** Counts a miss of `url` (its query left out) with the request's headers. */
  record(url: string, headers: IncomingHttpHeaders, at = new Date()): void {
    const path = url.split('?', 1)[0]!.slice(0, pathMaxLength);
    const { key } = addressParts(path);
    const bot = exclusionOf(headers, {}) === 'bot';
    const referer = headers['referer'];
    const referrerHost =
      webAddress(Array.isArray(referer) ? referer[0] : referer)
        ?.host.toLowerCase()
        .slice(0, 255) ?? null;
    const seen = at.toISOString();
    const waiting = this.pending.get(key);
    if (waiting) {
      if (bot) waiting.botCount++;
      else waiting.count++;
      waiting.lastSeenAt = seen;
      if (referrerHost) waiting.referrerHost = referrerHost;
    } else if (this.pending.size < this.budget) {
      this.pending.set(key, {
        pathKey: key,
        path,
        count: bot ? 0 : 1,
        botCount: bot ? 1 : 0,
        firstSeenAt: seen,
        lastSeenAt: seen,
        referrerHost,
      });
    } else {
      this.dropped++;
    }
    if (this.pending.size >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes what waits (one batch at a time) and keeps the table within its budget. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return this.writing;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (this.dropped > 0) {
      this.options.log.warn({ dropped: this.dropped }, 'not-found log: addresses dropped while a batch was waiting');
      this.dropped = 0;
    }
    this.writing = this.writing
      .then(() =>
        inTransaction(this.options.db, async (trx) => {
          await addNotFoundHits(trx, batch);
          await pruneNotFound(trx, this.budget);
        }),
      )
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, addresses: batch.length }, 'not-found log: batch not written'),
      );
    return this.writing;
  }
}
