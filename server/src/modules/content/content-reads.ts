import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { type EncodedBody, encodeBody, sendEncoded } from '../../lib/encoded-body';
import { VersionedCache } from '../../lib/versioned-cache';
import { readContentVersion } from './content-version.repository';

/** An answer, its JSON as sent, and that JSON compressed (made on first use, then kept with it). */
export type Read<T> = { value: T; json: string; encoded: () => Promise<EncodedBody> };

function keptRead<T>(value: T): Read<T> {
  const json = JSON.stringify(value);
  let encoded: Promise<EncodedBody> | undefined;
  return { value, json, encoded: () => (encoded ??= encodeBody(json)) };
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
  return sendEncoded(request, reply, await read.encoded());
}

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
 * version it was read under; each request first reads the current version (one indexed row) and
 * uses the kept answer only if it still matches. Every write changes the version in its own
 * transaction, so no answer from before an edit is served after it — by this instance or by any
 * other sharing the database — and a list page costs one small query instead of four and the
 * serialisation. A failed read (an unknown id) is not kept.
 */
export function createContentReads(db: Db, size = 500, onLookup?: (hit: boolean) => void): ContentReads {
  const cache = new VersionedCache<Read<unknown>>(size);
  return {
    version: () => readContentVersion(db),
    async read<T>(key: string, load: () => Promise<T>): Promise<Read<T>> {
      // The version is read first: what follows is at least as new as it, never older.
      const version = await readContentVersion(db);
      const kept = cache.get(key, version);
      onLookup?.(kept !== undefined);
      if (kept) return kept as Read<T>;
      const fresh = keptRead(await load());
      cache.set(key, version, fresh);
      return fresh;
    },
  };
}
