import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { coalescedRead } from '../../lib/coalesced-read';
import { type EncodedBody, freshBody, sendEncoded } from '../../lib/encoded-body';
import { VersionedCache } from '../../lib/versioned-cache';
import { readContentVersion } from './content-version.repository';

/**
 * An answer, its JSON as sent, and that JSON's compressed forms: each made when a client first
 * takes it, fast, and made again at the best quality once the answer is sent again and again
 * (lib/encoded-body.ts), so that an answer asked for once costs little and one in demand is small.
 */
export type Read<T> = { value: T; json: string; body: EncodedBody };

function keptRead<T>(value: T): Read<T> {
  const json = JSON.stringify(value);
  return { value, json, body: freshBody(json) };
}

const jsonType = 'application/json; charset=utf-8';

/** Below this an answer is sent as it is: compressing it would save less than a packet. */
const compressFrom = 1024;

/**
 * Sends a kept answer. A larger one goes out in the compressed form the client takes, made once
 * per answer and content version instead of per request.
 */
export async function sendRead(request: FastifyRequest, reply: FastifyReply, read: Read<unknown>) {
  reply.header('cache-control', 'no-cache').type(jsonType);
  if (read.json.length < compressFrom) return reply.send(read.json);
  return sendEncoded(request, reply, read.body);
}

/** What a public read takes: the database and the reads kept per content version. */
export type ReadDeps = { db: Db; contentReads: ContentReads };

export type ContentReads = {
  /** The current content version: what is made from these reads is valid for it only. */
  version(): Promise<string>;
  /**
   * The answer kept under `key` for the current content version, or `load()`'s, then kept. A
   * key starts with the name of the module that reads (`project 7 2`, `jobs {…}`), so that the
   * modules sharing this cache never meet.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<Read<T>>;
};

/**
 * The public reads of the site's content. An answer is kept, serialised, with the content
 * version it was read under; each request first takes the current version (as the server was
 * told it, or one indexed row) and uses the kept answer only if it still matches. Every write changes the version in its own
 * transaction, so no answer from before an edit is served after it — by this instance or by any
 * other sharing the database — and a list page costs one small query instead of four and the
 * serialisation. A failed read (an unknown id) is not kept.
 */
export function createContentReads(
  db: Db,
  options: { size?: number; onLookup?: (hit: boolean) => void; version?: () => Promise<string> } = {},
): ContentReads {
  const { size = 500, onLookup } = options;
  const cache = new VersionedCache<Read<unknown>>(size);
  // The server learns the version by being told (content-version-watcher.ts, decision 038).
  // Without that, requests arriving together share a read of the version that began after they
  // arrived: on PostgreSQL one round trip serves them all instead of one each (decision 018).
  const currentVersion = options.version ?? coalescedRead(() => readContentVersion(db));
  return {
    version: currentVersion,
    async read<T>(key: string, load: () => Promise<T>): Promise<Read<T>> {
      // The version is read first: what follows is at least as new as it, never older.
      const version = await currentVersion();
      const kept = cache.get(key, version);
      onLookup?.(kept !== undefined);
      if (kept) return kept as Read<T>;
      const fresh = keptRead(await load());
      cache.set(key, version, fresh);
      return fresh;
    },
  };
}
