import type { Db } from '../../db/database';

/** The newest version of the form's definition, JSON as saved; undefined: never changed (SPEC.md's form). */
export async function readLatestFormVersion(db: Db): Promise<{ version: number; definition: string } | undefined> {
  return db
    .selectFrom('inquiry_form_versions')
    .select(['version', 'definition'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function readFormVersion(db: Db, version: number): Promise<string | undefined> {
  const row = await db.selectFrom('inquiry_form_versions').select('definition').where('version', '=', version).executeTakeFirst();
  return row?.definition;
}

/** A new version; two saves of the same version collide on its key, and the second is refused. */
export async function insertFormVersion(db: Db, version: number, definition: string, at: string): Promise<void> {
  await db.insertInto('inquiry_form_versions').values({ version, definition, created_at: at }).execute();
}
