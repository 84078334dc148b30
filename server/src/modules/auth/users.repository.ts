import { PostgresAdapter, sql } from 'kysely';
import { type InquirySubject, type UserRole, inquirySubjects, userRoles } from '@blitz/contract';
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
  /** An operator disabled the account: it cannot sign in, and its tokens are refused. */
  disabled: boolean;
  role: UserRole;
  /** An inbox user's inquiry types; null: every type. */
  inquiryTypes: InquirySubject[] | null;
  /** The account waits for its invitation: it has no password of its own yet. */
  invited: boolean;
  /** Where its invitation is mailed, if anywhere. */
  email: string | null;
  /** The name shown for the account (issue 40); null: its username. */
  displayName: string | null;
};

/** A stored role; anything unknown counts as the least one (never more rights by accident). */
export function roleOf(value: string): UserRole {
  return (userRoles as readonly string[]).includes(value) ? (value as UserRole) : 'inbox';
}

export function inquiryTypesOf(value: string | null): InquirySubject[] | null {
  if (value === null) return null;
  return value.split(',').filter((t): t is InquirySubject => (inquirySubjects as readonly string[]).includes(t));
}

const columns = [
  'id',
  'username',
  'password_hash',
  'token_version',
  'must_change_password',
  'totp_secret',
  'disabled_at',
  'role',
  'inquiry_types',
  'invited_at',
  'email',
  'display_name',
] as const;

function toRecord(row: {
  id: number;
  username: string;
  password_hash: string;
  token_version: number;
  must_change_password: number;
  totp_secret: string | null;
  disabled_at: string | null;
  role: string;
  inquiry_types: string | null;
  invited_at: string | null;
  email: string | null;
  display_name: string | null;
}): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    tokenVersion: row.token_version,
    mustChangePassword: Number(row.must_change_password) === 1,
    totpSecret: row.totp_secret,
    disabled: row.disabled_at !== null,
    role: roleOf(row.role),
    inquiryTypes: inquiryTypesOf(row.inquiry_types),
    invited: row.invited_at !== null,
    email: row.email,
    displayName: row.display_name,
  };
}

/** The display names (issue 40) of these users that have one, by id. */
export async function displayNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', 'in', [...new Set(ids)])
    .where('display_name', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.display_name!]));
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
      invited_at: null,
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

/** An account as the operator's list shows it (`npm run admin -- list-users`). */
export type UserSummary = {
  username: string;
  role: UserRole;
  secondFactor: boolean;
  disabledAt: string | null;
  createdAt: string;
  lastSignInAt: string | null;
};

export async function listUsers(db: Db): Promise<UserSummary[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'role', 'totp_secret', 'disabled_at', 'created_at', 'last_sign_in_at'])
    .orderBy('username')
    .execute();
  return rows.map((row) => ({
    username: row.username,
    role: roleOf(row.role),
    secondFactor: row.totp_secret !== null,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  }));
}

/** Disables the account as of `at`, or enables it again with null. */
export async function setUserDisabled(db: Db, id: number, at: string | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: at, updated_at: nowIso() }).where('id', '=', id).execute();
}

export async function recordSignIn(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

/**
 * Changes that could leave the site without an active admin take turns: on PostgreSQL a lock
 * held until the transaction ends (every instance waits for it); SQLite runs one transaction at
 * a time anyway. Taken before the count, so that two admins demoting each other cannot both pass.
 */
export async function lockAccounts(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${accountsLockKey})`.execute(trx);
}
/** Any fixed number; this one spells "accounts". */
const accountsLockKey = sql.lit(0x6163636f756e7473n.toString());

/** Admins who can sign in: enabled, with a password of their own. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('invited_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
