import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';

export type SecondFactorState = { pendingSecret: string | null; enabled: boolean; recoveryCodesLeft: number };

/** The user's second factor; a pending secret only while it may still be confirmed. */
export async function findSecondFactor(db: Db, userId: number, now: Date): Promise<SecondFactorState | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret', 'totp_pending_until'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const codes = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const pendingValid = user.totp_pending_until !== null && user.totp_pending_until > now.toISOString();
  return {
    pendingSecret: pendingValid ? user.totp_pending_secret : null,
    enabled: user.totp_secret !== null,
    recoveryCodesLeft: Number(codes.n),
  };
}

/** Keeps a secret shown for set-up until `until`; false if a second factor is on meanwhile. */
export async function setPendingSecret(db: Db, userId: number, secret: string, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_pending_secret: secret, totp_pending_until: until.toISOString() })
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Makes the pending secret the user's second factor, with `step` already used and new recovery
 * codes in place of any earlier ones. False if anything changed meanwhile (a set-up started
 * again in another tab, or finished there): nothing is changed then.
 */
export async function enableSecondFactor(
  db: Db,
  userId: number,
  secret: string,
  step: number,
  recoveryCodeHashes: string[],
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_pending_until: null, totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', secret)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(recoveryCodeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
    return true;
  });
}

/** Removes the second factor and its recovery codes: the password alone signs in again. */
export async function disableSecondFactor(db: Db, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_pending_until: null, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}

/**
 * Records `step` as used if it is later than the last one used: true once per step, in one
 * statement, so two requests with the same code cannot both pass (ASVS 6.5.1).
 */
export async function spendTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the user has this recovery code unused, without using it up. */
export async function hasRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('recovery_codes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an unused recovery code of the user as used: true once per code. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
