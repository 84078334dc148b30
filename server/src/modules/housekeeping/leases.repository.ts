import type { Db } from '../../db/database';

/**
 * Takes the lease `name` for `owner` until `until`, if it is free: never taken, run out before
 * `now`, or already this owner's (then it is extended). One statement, so that of several
 * instances asking at once exactly one gets it. True if `owner` holds it now.
 */
export async function takeLease(db: Db, name: string, owner: string, now: Date, until: Date): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, owner, until: until.toISOString() })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner, until: until.toISOString() })
        .where((eb) => eb.or([eb('leases.until', '<', now.toISOString()), eb('leases.owner', '=', owner)])),
    )
    .returning('owner')
    .executeTakeFirst();
  return row?.owner === owner;
}

/** Gives the lease up early, if `owner` still holds it. */
export async function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('owner', '=', owner).execute();
}
