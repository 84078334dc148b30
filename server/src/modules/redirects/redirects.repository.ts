import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';
import { foldText } from '../../db/text-search';

// The one place of the SQL of redirects, the not-found log and its setting.

export type RedirectRecord = {
  id: number;
  from: string;
  fromKey: string;
  to: string;
  keepQuery: boolean;
  hits: number;
  lastHitAt: string | null;
  updatedAt: string;
};

export type RedirectValues = { from: string; fromKey: string; to: string; keepQuery: boolean };

const columns = ['id', 'from_path', 'from_key', 'to_address', 'keep_query', 'hits', 'last_hit_at', 'updated_at'] as const;

function toRecord(row: {
  id: number;
  from_path: string;
  from_key: string;
  to_address: string;
  keep_query: number;
  hits: number;
  last_hit_at: string | null;
  updated_at: string;
}): RedirectRecord {
  return {
    id: row.id,
    from: row.from_path,
    fromKey: row.from_key,
    to: row.to_address,
    keepQuery: row.keep_query === 1,
    hits: Number(row.hits),
    lastHitAt: row.last_hit_at,
    updatedAt: row.updated_at,
  };
}

/** Every redirect, in the order staff added them. */
export async function allRedirects(db: Db): Promise<RedirectRecord[]> {
  const rows = await db.selectFrom('redirects').select(columns).orderBy('id').execute();
  return rows.map(toRecord);
}

/** One page of the redirects, newest first, with the number of all matches of `search` (in `from` or `to`). */
export async function listRedirects(
  db: Db,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ records: RedirectRecord[]; count: number }> {
  // Searched in memory: a table of a few thousand short rows, folded alike on both databases.
  const all = (await allRedirects(db)).reverse();
  const needle = page.search ? foldText(page.search) : undefined;
  const matching = needle ? all.filter((r) => foldText(`${r.from} ${r.to}`).includes(needle)) : all;
  return { records: matching.slice(page.offset, page.offset + page.limit), count: matching.length };
}

export async function findRedirect(db: Db, id: number): Promise<RedirectRecord | undefined> {
  const row = await db.selectFrom('redirects').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function insertRedirect(db: Db, values: RedirectValues, now: string): Promise<number> {
  const row = await db
    .insertInto('redirects')
    .values({
      from_path: values.from,
      from_key: values.fromKey,
      to_address: values.to,
      keep_query: values.keepQuery ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRedirect(db: Db, id: number, values: RedirectValues, now: string): Promise<boolean> {
  const result = await db
    .updateTable('redirects')
    .set({
      from_path: values.from,
      from_key: values.fromKey,
      to_address: values.to,
      keep_query: values.keepQuery ? 1 : 0,
      updated_at: now,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Points a redirect elsewhere (a chain collapsed), keeping the rest. */
export async function retargetRedirect(db: Db, id: number, to: string, now: string): Promise<void> {
  await db.updateTable('redirects').set({ to_address: to, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteRedirect(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Adds counted hits (never a content change: the pages stay kept). */
export async function addRedirectHits(db: Db, hits: readonly { id: number; count: number; at: string }[]): Promise<void> {
  for (const hit of hits)
    await db
      .updateTable('redirects')
      .set((eb) => ({ hits: eb('hits', '+', hit.count), last_hit_at: hit.at }))
      .where('id', '=', hit.id)
      .execute();
}

const notFoundAnswerKey = 'not_found_answer';

export async function readNotFoundAnswer(db: Db): Promise<string | undefined> {
  return readSiteValue(db, notFoundAnswerKey);
}

export async function writeNotFoundAnswer(db: Db, answer: string): Promise<void> {
  await writeSiteValue(db, notFoundAnswerKey, answer);
}

export type NotFoundRecord = {
  id: number;
  path: string;
  count: number;
  botCount: number;
  firstSeenAt: string;
  lastSeenAt: string;
  referrerHost: string | null;
};

/** Misses counted in memory, of one address (its key as matched), to be added to its row. */
export type NotFoundHit = Omit<NotFoundRecord, 'id'> & { pathKey: string };

/** Adds counted misses, 200 addresses a statement; an address seen before keeps its first sighting. */
export async function addNotFoundHits(db: Db, hits: readonly NotFoundHit[]): Promise<void> {
  for (let at = 0; at < hits.length; at += 200) {
    await db
      .insertInto('not_found_log')
      .values(
        hits.slice(at, at + 200).map((h) => ({
          path_key: h.pathKey,
          path: h.path,
          count: h.count,
          bot_count: h.botCount,
          first_seen_at: h.firstSeenAt,
          last_seen_at: h.lastSeenAt,
          referrer_host: h.referrerHost,
        })),
      )
      .onConflict((oc) =>
        oc.column('path_key').doUpdateSet({
          count: sql`not_found_log.count + excluded.count`,
          bot_count: sql`not_found_log.bot_count + excluded.bot_count`,
          last_seen_at: sql`excluded.last_seen_at`,
          referrer_host: sql`coalesce(excluded.referrer_host, not_found_log.referrer_host)`,
        }),
      )
      .execute();
  }
}

/** Keeps the `budget` most frequent addresses (the latest seen first among equals); answers how many went. */
export async function pruneNotFound(db: Db, budget: number): Promise<number> {
  const { total } = await db
    .selectFrom('not_found_log')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  if (Number(total) <= budget) return 0;
  const kept = db
    .selectFrom('not_found_log')
    .select('id')
    .orderBy(sql`count + bot_count`, 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(budget);
  const result = await db.deleteFrom('not_found_log').where('id', 'not in', kept).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const notFoundColumns = ['id', 'path', 'count', 'bot_count', 'first_seen_at', 'last_seen_at', 'referrer_host'] as const;

function toNotFound(row: {
  id: number;
  path: string;
  count: number;
  bot_count: number;
  first_seen_at: string;
  last_seen_at: string;
  referrer_host: string | null;
}): NotFoundRecord {
  return {
    id: row.id,
    path: row.path,
    count: Number(row.count),
    botCount: Number(row.bot_count),
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    referrerHost: row.referrer_host,
  };
}

/** One page of the log, most frequent first, and the number of all rows. */
export async function listNotFound(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ records: NotFoundRecord[]; count: number }> {
  const rows = await db
    .selectFrom('not_found_log')
    .select(notFoundColumns)
    .orderBy(sql`count + bot_count`, 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { total } = await db
    .selectFrom('not_found_log')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { records: rows.map(toNotFound), count: Number(total) };
}

export async function findNotFound(db: Db, id: number): Promise<NotFoundRecord | undefined> {
  const row = await db.selectFrom('not_found_log').select(notFoundColumns).where('id', '=', id).executeTakeFirst();
  return row && toNotFound(row);
}

export async function deleteNotFound(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('not_found_log').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets the misses of an address that now has a redirect. */
export async function deleteNotFoundByKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('not_found_log').where('path_key', '=', key).execute();
}
