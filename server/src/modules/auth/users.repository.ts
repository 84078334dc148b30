import { PostgresAdapter, sql } from 'kysely';
import { type UserRole, hasInquiryLimit, userRoles } from '@blitz/contract';
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
  /** The inquiry types of a role that may be limited (inbox, editorInbox); null: every type. */
  inquiryTypes: string[] | null;
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

const typesText = (types: string[] | null | undefined) => (types ? [...new Set(types)].sort().join(',') : null);

export function inquiryTypesOf(value: string | null): string[] | null {
  if (value === null) return null;
  // Any type's key, an added one's too (issue 44); one removed since is kept and matches nothing.
  return value.split(',').filter(Boolean);
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

/** Those of these accounts that exist and are not disabled. */
export async function enabledUserIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .where('disabled_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
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

/** An account as the staff's account list shows it (accounts/ adds its open invitation). */
export type AccountUser = {
  id: number;
  username: string;
  displayName: string | null;
  email: string | null;
  role: UserRole;
  inquiryTypes: string[] | null;
  disabled: boolean;
  invited: boolean;
  lastSignInAt: string | null;
  secondFactor: boolean;
};

export async function listAccountUsers(db: Db): Promise<AccountUser[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'role',
      'inquiry_types',
      'disabled_at',
      'invited_at',
      'last_sign_in_at',
      'totp_secret',
      'display_name',
    ])
    .orderBy('username')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    role: roleOf(row.role),
    inquiryTypes: inquiryTypesOf(row.inquiry_types),
    disabled: row.disabled_at !== null,
    invited: row.invited_at !== null,
    lastSignInAt: row.last_sign_in_at,
    secondFactor: row.totp_secret !== null,
  }));
}

/** An invited account (no password of its own yet); undefined if the name is taken. */
export async function insertInvitedUser(
  db: Db,
  values: { username: string; role: UserRole; email: string | null; inquiryTypes: string[] | null },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      username: values.username,
      password_hash: '',
      role: values.role,
      email: values.email,
      inquiry_types: hasInquiryLimit(values.role) ? typesText(values.inquiryTypes) : null,
      invited_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The name shown for the account (issue 40), or null to show its username. Not a change of rights: sign-ins go on. */
export async function setDisplayName(db: Db, id: number, displayName: string | null): Promise<void> {
  await db.updateTable('users').set({ display_name: displayName, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Role, inquiry types, e-mail: what is given. Token version raised: the user's sign-ins end. */
export async function updateAccount(
  db: Db,
  id: number,
  values: { role?: UserRole; inquiryTypes?: string[] | null; email?: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...(values.role ? { role: values.role } : {}),
      ...(values.inquiryTypes !== undefined ? { inquiry_types: typesText(values.inquiryTypes) } : {}),
      ...(values.email !== undefined ? { email: values.email } : {}),
      token_version: eb('token_version', '+', 1),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Password and second factor gone, the account invited again (it signs in only through a new link). */
export async function clearCredentials(db: Db, id: number): Promise<void> {
  const now = nowIso();
  await db.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: '',
      must_change_password: 0,
      totp_secret: null,
      totp_pending_secret: null,
      totp_pending_until: null,
      totp_last_step: null,
      invited_at: now,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The invitee's own password: the account is active from now on. */
export async function setInvitedPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      must_change_password: 0,
      invited_at: null,
      token_version: eb('token_version', '+', 1),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}

/** The name shown for each of these users: the display name, else the sign-in name. */
export async function shownNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.display_name ?? row.username]));
}

/** An account that can sign in: the name shown for it and its e-mail address; undefined otherwise. */
export async function activeMailAddress(db: Db, id: number): Promise<{ name: string; email: string | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['username', 'display_name', 'email'])
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .where('invited_at', 'is', null)
    .executeTakeFirst();
  return row && { name: row.display_name ?? row.username, email: row.email };
}

/** The accounts that can sign in (enabled, not waiting for their invitation), with their rights. */
export async function activeColleagues(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'role', 'inquiry_types'])
    .where('disabled_at', 'is', null)
    .where('invited_at', 'is', null)
    .orderBy('username')
    .execute();
  return rows.map((row) => {
    const role = roleOf(row.role);
    return {
      id: row.id,
      name: row.display_name ?? row.username,
      role,
      inquiryTypes: hasInquiryLimit(role) ? inquiryTypesOf(row.inquiry_types) : null,
    };
  });
}
