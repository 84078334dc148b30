import crypto from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';

/**
 * A token that changes with every change to categories or projects, kept in the database, so
 * that every instance sharing it knows at once when what it kept from a read is out of date.
 * A random token rather than a counter: two changes at the same moment cannot end on a value
 * seen before either of them.
 */
const key = 'content_version';

// Read before every public read of content: built and compiled once per database, not per call.
const compiled = new WeakMap<Db, CompiledQuery<{ value: string }>>();

export async function readContentVersion(db: Db): Promise<string> {
  let query = compiled.get(db);
  if (!query) {
    query = db.selectFrom('settings').select('value').where('key', '=', key).compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0]?.value ?? '';
}

/** Called inside the transaction of every write to categories, projects or their texts. */
export async function bumpContentVersion(db: Db): Promise<void> {
  const value = crypto.randomBytes(9).toString('base64url');
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
