import { type CompiledQuery, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database';
import { inTransaction } from './transaction';

/**
 * The one place that reads and writes the `settings` table: small named values of the whole
 * site (the signing key, the content version, the inquiry retention, whether the sample content
 * was written, the company details). Every module keeps its own key and goes through here.
 */

// The content version is read before every public read: its query is built and compiled once
// per database and key, not per call.
const compiled = new WeakMap<Db, Map<string, CompiledQuery<{ value: string }>>>();

export async function readSiteValue(db: Db, key: string): Promise<string | undefined> {
  let byKey = compiled.get(db);
  if (!byKey) compiled.set(db, (byKey = new Map()));
  let query = byKey.get(key);
  if (!query) {
    query = db.selectFrom('settings').select('value').where('key', '=', key).compile();
    byKey.set(key, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0]?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function writeSiteValue(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * Stores `value` under `key` if nothing is stored there yet or what is stored is less than
 * `below` (compared as text), in one statement: of several instances asking at once, one stores
 * it. True if this call stored it.
 */
export async function advanceSiteValue(db: Db, key: string, value: string, below: string): Promise<boolean> {
  const row = await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }).where('settings.value', '<', below))
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Changes the value under `key` from what it is (undefined: nothing yet) to what `change` makes of
 * it, one change at a time: two admins' changes of one document both stay. On PostgreSQL a
 * transaction-level advisory lock on the key makes every instance wait its turn (the row may not
 * exist yet to lock); SQLite runs one transaction at a time.
 */
export async function updateSiteValue(db: Db, key: string, change: (current: string | undefined) => string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockSiteValueKey(trx, key);
    await writeSiteValue(trx, key, change(await readSiteValue(trx, key)));
  });
}

/**
 * Makes every other transaction that takes it for `key` wait until this one ends, whether or not
 * a value is stored yet (PostgreSQL's advisory lock; SQLite runs one writer at a time): for a
 * read-check-write of one document, as `updateSiteValue` does it.
 */
export async function lockSiteValueKey(trx: Db, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtext(${`settings:${key}`}))`.execute(trx);
}

/**
 * Takes the lock of the row under `key` until the transaction ends (PostgreSQL; SQLite runs one
 * writer at a time), so that the value read next stays the one a save replaces: of two saves of
 * the same version the second waits and then finds it gone (decision 036).
 */
export async function lockSiteValue(trx: Db, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select key from settings where key = ${key} for update`.execute(trx);
}

/** Stores `value` under `key` only if nothing is there; answers whether this call stored it. */
export async function claimSiteValue(db: Db, key: string, value: string): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Stores `value` under `key` unless one is there already, and returns the one that is kept. */
export async function getOrCreateSiteValue(db: Db, key: string, create: () => string): Promise<string> {
  await claimSiteValue(db, key, create());
  const value = await readSiteValue(db, key);
  if (value === undefined) throw new Error(`setting ${key} vanished`);
  return value;
}

/** Every value whose key begins with `prefix` (a plain prefix: no `%` or `_`), with its key. */
export async function readSiteValuesWithPrefix(db: Db, prefix: string): Promise<{ key: string; value: string }[]> {
  return db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${prefix}%`).execute();
}

/** Removes the values of keys beginning with `prefix` whose value sorts before `value` (ISO times: older ones). */
export async function deleteSiteValuesBefore(db: Db, prefix: string, value: string): Promise<void> {
  await db.deleteFrom('settings').where('key', 'like', `${prefix}%`).where('value', '<', value).execute();
}
