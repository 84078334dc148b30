import type { Db } from '../../db/database';

/** Stores `value` under `key` unless one is there already, and returns the one that is kept. */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
