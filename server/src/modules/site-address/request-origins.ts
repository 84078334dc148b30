import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { deleteSiteValuesBefore, readSiteValuesWithPrefix, writeSiteValue } from '../../db/site-values.repository';
import { plainOriginOf } from './public-origin';

// The origins of the addresses asked for, parsed once each: every page request asks (a few
// hosts in practice; bounded against made-up Host headers).
const parsedOrigins = new Map<string, string | undefined>();

/** The origin a request was made to, as the server sees it (behind a trusted proxy: the forwarded scheme and host). */
export function requestOriginOf(request: Pick<FastifyRequest, 'host' | 'protocol'>): string | undefined {
  // A host and a port only: no Host header, or one with more in it, names no origin.
  const host = request.host;
  if (!host || !/^[\w.:[\]-]+$/.test(host)) return undefined;
  const address = `${request.protocol}://${host}`;
  if (parsedOrigins.has(address)) return parsedOrigins.get(address);
  const origin = plainOriginOf(address);
  if (parsedOrigins.size >= 100) parsedOrigins.clear();
  parsedOrigins.set(address, origin);
  return origin;
}

const keyPrefix = 'request-origin ';

/** How long an origin counts as "recent" after its last request. */
export const recentOriginMs = 60 * 60 * 1000;
/** An instance writes an origin again at most this often: a busy site costs a write per origin every few minutes. */
const rewriteMs = 5 * 60 * 1000;
/** At most this many origins are recorded at a time: requests with made-up Host headers cannot fill the table. */
const maxOrigins = 20;

export type RequestOrigins = {
  /** Notes a request under `origin` (shared by every instance through the database). */
  record(origin: string): Promise<void>;
  /** The origins of the last hour's recorded requests, most recent first (at most `limit`). */
  recent(limit: number): Promise<string[]>;
};

/**
 * The origins the site is reached under, recorded in the settings table (one key per origin, its
 * value the time of the last request) so that every instance sees the requests of all. Each
 * instance writes an origin at most every few minutes; older entries are removed as new ones come.
 */
export function createRequestOrigins(db: Db, now: () => number = Date.now): RequestOrigins {
  const written = new LRUCache<string, number>({ max: 100 });
  const list = async () =>
    (await readSiteValuesWithPrefix(db, keyPrefix))
      .map(({ key, value }) => ({ origin: key.slice(keyPrefix.length), seen: value }))
      .filter((entry) => Date.parse(entry.seen) >= now() - recentOriginMs)
      .sort((a, b) => (a.seen < b.seen ? 1 : a.seen > b.seen ? -1 : 0));
  return {
    async record(origin) {
      const last = written.get(origin);
      if (last !== undefined && now() - last < rewriteMs) return;
      written.set(origin, now());
      const recent = await list();
      if (recent.length >= maxOrigins && !recent.some((entry) => entry.origin === origin)) return;
      await writeSiteValue(db, keyPrefix + origin, new Date(now()).toISOString());
      await deleteSiteValuesBefore(db, keyPrefix, new Date(now() - recentOriginMs).toISOString());
    },
    async recent(limit) {
      return (await list()).slice(0, limit).map((entry) => entry.origin);
    },
  };
}
