import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';

export type UserRecord = {
  id: number;
  username: string;
  passwordHash: string;
  tokenVersion: number;
  /** The password was not chosen by the user (the generated first one): it must be changed before anything else. */
  mustChangePassword: boolean;
  /** The authenticator app's secret once a second factor is set up: sign-in then needs its code. */
  totpSecret: string | null;
};

const columns = ['id', 'username', 'password_hash', 'token_version', 'must_change_password', 'totp_secret'] as const;

function toRecord(row: {
  id: number;
  username: string;
  password_hash: string;
  token_version: number;
  must_change_password: number;
  totp_secret: string | null;
}): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    tokenVersion: row.token_version,
    mustChangePassword: Number(row.must_change_password) === 1,
    totpSecret: row.totp_secret,
  };
}

export async function findUserByName(db: Db, username: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('username', '=', username).executeTakeFirst();
  return row && toRecord(row);
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts the user unless the name is taken; true if it was inserted. */
export async function insertUser(
  db: Db,
  username: string,
  passwordHash: string,
  options: { mustChangePassword?: boolean } = {},
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .insertInto('users')
    .values({
      username,
      password_hash: passwordHash,
      must_change_password: options.mustChangePassword ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets a new hash, chosen by its user or the operator, and invalidates every token issued before. */
export async function updatePassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      must_change_password: 0,
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Replaces the hash of the same password (stronger parameters): tokens stay valid. */
export async function replacePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', id).execute();
}

export async function bumpTokenVersion(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .execute();
}
