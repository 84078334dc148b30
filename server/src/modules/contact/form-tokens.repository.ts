import type { Db } from '../../db/database';

/**
 * Spends a form token for one inquiry: true the first time, false if an inquiry already spent it
 * (on any instance sharing the database). Called inside the inquiry's transaction, so a token is
 * spent only by an inquiry that is stored; of two parallel posts with one token, one gets true.
 */
export async function spendFormToken(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto('used_form_tokens')
    .values({ id, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Whether an inquiry spent this token already. */
export async function isFormTokenSpent(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('used_form_tokens').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Forgets spent tokens that have expired anyway (housekeeping); answers how many. */
export async function deleteExpiredFormTokens(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('used_form_tokens').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
