import crypto from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';

/**
 * A token that changes with every change to the site's content (categories, projects, jobs,
 * company details), kept in the database, so that every instance sharing it knows at once when
 * what it kept from a read is out of date. A random token rather than a counter: two changes at
 * the same moment cannot end on a value seen before either of them.
 */
const key = 'content_version';

/**
 * The PostgreSQL channel a bump is announced on (decision 038). PostgreSQL delivers the
 * notification at commit, to every session listening on the database: channels are not per
 * schema, so the payload names the schema (`<schema>:<token>`) and an instance of another site in
 * another schema lets it pass (`bumpedSchemaOf`).
 */
export const contentVersionChannel = 'blitz_content_version';

/**
 * The schema a bump's notification is about; undefined for a payload without one (a release
 * before the schema was named), which every instance takes as its own.
 */
export function bumpedSchemaOf(payload: string | undefined): string | undefined {
  const colon = payload?.lastIndexOf(':') ?? -1;
  return colon > 0 ? payload!.slice(0, colon) : undefined;
}

export async function readContentVersion(db: Db): Promise<string> {
  return (await readSiteValue(db, key)) ?? '';
}

type BumpListener = () => void;
const bumpListeners = new Set<BumpListener>();

/**
 * Tells `listener` of every bump made in this process, as it is written (inside its transaction,
 * before the commit). The instance's own writes: what SQLite's one instance learns the version
 * from. Answers a function that stops telling.
 */
export function onContentVersionBump(listener: BumpListener): () => void {
  bumpListeners.add(listener);
  return () => bumpListeners.delete(listener);
}

/** Called inside the transaction of every write to content. */
export async function bumpContentVersion(db: Db): Promise<void> {
  const token = crypto.randomBytes(9).toString('base64url');
  await writeSiteValue(db, key, token);
  // Delivered to every listening instance when (and only if) this transaction commits.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_notify(${contentVersionChannel}, current_schema() || ':' || ${token})`.execute(db);
  for (const listener of bumpListeners) listener();
}
