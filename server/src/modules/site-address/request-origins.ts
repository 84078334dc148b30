import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import {
  deleteSiteValuesBefore,
  getOrCreateSiteValue,
  readSiteValuesWithPrefix,
  writeSiteValue,
} from '../../db/site-values.repository';
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
/** How many origins an instance probes at most an hour. */
export const maxProbesPerHour = 30;
const probeKeyName = 'origin-probe-key';

export type RequestOrigins = {
  /** Notes a request under `origin` (shared by every instance through the database): one known to reach this site. */
  record(origin: string): Promise<void>;
  /**
   * Notes a visitor's request under `origin` once a probe to it reached this site (issue 40): a
   * made-up Host header is never listed. Each origin is probed at most once an hour per
   * instance, and at most `maxProbesPerHour` origins in all.
   */
  recordProbed(origin: string): Promise<void>;
  /** This site's proof of a probe's nonce: the same on every instance sharing the database. */
  proof(nonce: string): Promise<string>;
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
  const probed = new LRUCache<string, boolean>({ max: 200, ttl: recentOriginMs });
  const probes: number[] = [];
  let probeKey: Promise<string> | undefined;
  const proof = async (nonce: string) => {
    probeKey ??= getOrCreateSiteValue(db, probeKeyName, () => crypto.randomBytes(32).toString('base64url'));
    return crypto
      .createHmac('sha256', await probeKey)
      .update(nonce)
      .digest('base64url');
  };
  /** Whether a GET of the probe under `origin` answers this site's proof (no redirect followed, 3 s at most). */
  const reachesThisSite = async (origin: string) => {
    const nonce = crypto.randomBytes(18).toString('base64url');
    try {
      const answer = await fetch(`${origin}${apiUrl(apiRoutes.siteAddressProbe)}?Nonce=${nonce}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(3000),
      });
      if (!answer.ok) return false;
      const body = (await answer.json()) as { proof?: unknown };
      return body.proof === (await proof(nonce));
    } catch {
      return false;
    }
  };
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
    async recordProbed(origin) {
      const known = probed.get(origin);
      if (known === undefined) {
        // A budget of probes: made-up hosts in bulk cost a few failed requests, not one each.
        while (probes.length && probes[0]! < now() - recentOriginMs) probes.shift();
        if (probes.length >= maxProbesPerHour) return;
        probes.push(now());
        probed.set(origin, false);
        const reaches = await reachesThisSite(origin);
        probed.set(origin, reaches);
        if (reaches) await this.record(origin);
      } else if (known) await this.record(origin);
    },
    proof,
    async recent(limit) {
      return (await list()).slice(0, limit).map((entry) => entry.origin);
    },
  };
}
