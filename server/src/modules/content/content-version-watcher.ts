import crypto from 'node:crypto';
import type pg from 'pg';
import type { Db, DatabaseKind } from '../../db/database';
import { coalescedRead } from '../../lib/coalesced-read';
import { withTimeout } from '../../lib/with-timeout';
import { bumpedSchemaOf, contentVersionChannel, onContentVersionBump, readContentVersion } from './content-version.repository';

/**
 * Where the instance learns the content version from (decision 038):
 * - `own-writes`: SQLite, whose one instance makes every write; a bump forgets the known version,
 *   and the next request reads it (after the write's commit: SQLite's one connection waits for it).
 * - `notifications`: PostgreSQL with the listening connection up; a bump's NOTIFY, delivered at
 *   its commit, forgets the known version, and the next request reads it once.
 * - `reads`: PostgreSQL with that connection down; every request reads the version as before
 *   (coalesced: one read in flight at a time), until the connection is back.
 */
export type ContentVersionSource = 'own-writes' | 'notifications' | 'reads';

export type ContentVersionWatcher = {
  /** Resolves once the first attempt to listen has ended, either way. */
  started(): Promise<void>;
  /** The current content version: the one known, or read now if none is known. */
  version(): Promise<string>;
  /** The version known now, without a read; undefined when the next `version()` would read. */
  known(): string | undefined;
  /** Forgets the known version: the next call reads it. */
  invalidate(): void;
  /**
   * Tells `listener` of each move of the version that PostgreSQL's notifications tell (another
   * instance's bump, or this one's coming back), and when listening starts again (what was sent
   * meanwhile is lost): the scheduled changes look for their next moment then (decision 063).
   * Answers a function that stops telling.
   */
  onTold(listener: () => void): () => void;
  /** How many bumps this process has made (a request compares it before and after). */
  ownBumps(): number;
  /**
   * After a write of this instance has committed: resolves once every notification committed
   * before now has reached this instance's listening connection (PostgreSQL delivers them in
   * commit order; other instances' connections were told at the same commit), within
   * `fenceTimeoutMs`; without a listening connection it forgets the known version instead.
   */
  fence(): Promise<void>;
  source(): ContentVersionSource;
  /** The listening connection's backend process (tests end it to show the fallback). */
  listenerPid(): number | undefined;
  close(): Promise<void>;
};

type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };

export type WatcherOptions = {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL: a new connection of its own for LISTEN (not one of the pool's). */
  newClient?: (() => pg.Client) | undefined;
  log: Log;
  /** Reconnecting after the listening connection is lost: the first wait, doubled up to the last. */
  retryMs?: { first: number; max: number };
  fenceTimeoutMs?: number;
  /** How often the listening connection is checked by a round trip of our own. */
  heartbeatMs?: number;
};

export function watchContentVersion(options: WatcherOptions): ContentVersionWatcher {
  const { db, kind, newClient, log } = options;
  const retry = options.retryMs ?? { first: 250, max: 10_000 };
  const fenceTimeoutMs = options.fenceTimeoutMs ?? 1000;
  // Bumped by anything that may make the known version old: a read begun before it is not kept.
  let generation = 0;
  let known: Promise<string> | undefined;
  let knownValue: string | undefined;
  let listening = false;
  let bumps = 0;

  const trusted = () => kind === 'sqlite' || listening;
  const read = coalescedRead(async () => {
    const readFor = generation;
    const value = await readContentVersion(db);
    if (readFor === generation && trusted()) {
      known = Promise.resolve(value);
      knownValue = value;
    }
    return value;
  });
  function invalidate() {
    generation++;
    known = undefined;
    knownValue = undefined;
  }
  const toldListeners = new Set<() => void>();
  const told = () => {
    for (const listener of toldListeners) listener();
  };
  const stopBumps = onContentVersionBump(() => {
    bumps++;
    invalidate();
  });

  // PostgreSQL: the listening connection, taken again with a growing wait when it is lost.
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wait = retry.first;
  let lost = false;
  const fenceChannel = `${contentVersionChannel}_fence_${crypto.randomBytes(6).toString('hex')}`;
  const fences = new Map<string, () => void>();
  let fenceCount = 0;

  /**
   * A notification of our own, sent on `listener` and waited for there (within `fenceTimeoutMs`).
   * When it is back, every notification committed before it has arrived too (PostgreSQL delivers
   * them in commit order). Without an answer the connection does not hear (a pooler in
   * transaction mode between us and PostgreSQL, a connection dead without a word): the caller
   * stops trusting it.
   */
  async function roundTrip(listener: pg.Client): Promise<void> {
    const nonce = String(++fenceCount);
    const arrived = new Promise<void>((resolve) => fences.set(nonce, resolve));
    try {
      await withTimeout(fenceTimeoutMs, async () => {
        await listener.query('select pg_notify($1, $2)', [fenceChannel, nonce]);
        await arrived;
      });
    } finally {
      fences.delete(nonce);
    }
  }

  /** Stops trusting `listener`: ended, and taken again after the usual wait. */
  function drop(listener: pg.Client, why: string): void {
    if (client !== listener) return;
    log.warn({ source: 'reads' }, `content version: ${why}; reading the version per request until it is back`);
    client = undefined;
    listening = false;
    lost = true;
    invalidate();
    for (const release of fences.values()) release();
    void listener.end().catch(() => {});
    schedule();
  }

  async function listen(): Promise<void> {
    const next = newClient!();
    next.on('error', () => {});
    try {
      await next.connect();
      // This site's schema: another site's bumps on the same database are not ours.
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      next.on('notification', (message) => {
        if (message.channel === contentVersionChannel) {
          const bumped = bumpedSchemaOf(message.payload);
          if (bumped === undefined || bumped === schema) {
            invalidate();
            told();
          }
        } else if (message.channel === fenceChannel) fences.get(message.payload ?? '')?.();
      });
      await next.query(`LISTEN ${contentVersionChannel}`);
      await next.query(`LISTEN ${fenceChannel}`);
      // Listening is trusted only once a notification of our own has come back on it.
      await roundTrip(next);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    const wasDown = lost;
    lost = false;
    client = next;
    listening = true;
    wait = retry.first;
    // Notifications sent while nobody listened are lost: what is known may be old.
    invalidate();
    told();
    if (wasDown) log.info({ source: 'notifications' }, 'content version: listening again');
    next.once('end', () => {
      if (!closed) drop(next, 'the listening connection was lost');
    });
  }

  function schedule(): void {
    if (closed) return;
    retryTimer = setTimeout(() => {
      listen().catch((error: unknown) => {
        log.warn({ err: error, retryMs: wait }, 'content version: cannot listen for changes');
        schedule();
      });
    }, wait);
    retryTimer.unref();
    wait = Math.min(Math.max(wait * 2, retry.first), retry.max);
  }

  // A connection that stops hearing without ending (a half-open TCP connection) is found by a
  // round trip every `heartbeatMs`.
  const heartbeat = setInterval(() => {
    const listener = client;
    if (listener) roundTrip(listener).catch(() => drop(listener, 'a notification of its own did not come back'));
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  // The first attempt is awaited at start (`started`): an instance starts told, if it can.
  const started =
    kind === 'postgres' && newClient
      ? listen().catch((error: unknown) => {
          lost = true;
          log.warn({ err: error, retryMs: wait }, 'content version: cannot listen for changes; reading it per request meanwhile');
          schedule();
        })
      : Promise.resolve();

  return {
    started: () => started,
    version: () => (trusted() && known) || read(),
    known: () => (trusted() ? knownValue : undefined),
    invalidate,
    onTold(listener) {
      toldListeners.add(listener);
      return () => toldListeners.delete(listener);
    },
    ownBumps: () => bumps,
    async fence() {
      const listener = client;
      if (!listener) return invalidate();
      try {
        await roundTrip(listener);
      } catch {
        drop(listener, 'a notification of its own did not come back');
      }
    },
    source: () => (kind === 'sqlite' ? 'own-writes' : listening ? 'notifications' : 'reads'),
    listenerPid: () => (client as { processID?: number } | undefined)?.processID,
    async close() {
      closed = true;
      stopBumps();
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      const listener = client;
      client = undefined;
      listening = false;
      await listener?.end().catch(() => {});
    },
  };
}
