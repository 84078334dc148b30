import type { Account, InquirySubject, UserRole } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inquiryTypesOf, roleOf } from '../auth/users.repository';

const typesText = (types: InquirySubject[] | null | undefined) => (types ? [...new Set(types)].sort().join(',') : null);

export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.role',
      'users.inquiry_types',
      'users.disabled_at',
      'users.invited_at',
      'users.last_sign_in_at',
      'users.totp_secret',
      'users.display_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('user_invitations')
        .select((e) => e.fn.max('user_invitations.expires_at').as('x'))
        .whereRef('user_invitations.user_id', '=', 'users.id')
        .where('user_invitations.expires_at', '>', nowIso())
        .as('expires_at'),
    )
    .orderBy('users.username')
    .execute();
  return rows.map((row) => {
    const role = roleOf(row.role);
    const state: Account['state'] = row.disabled_at !== null ? 'disabled' : row.invited_at !== null ? 'invited' : 'active';
    return {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      email: row.email,
      role,
      inquiryTypes: role === 'inbox' ? inquiryTypesOf(row.inquiry_types) : null,
      state,
      lastSignInAt: row.last_sign_in_at,
      invitationExpiresAt: row.expires_at ?? null,
      secondFactor: row.totp_secret !== null,
    };
  });
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  return (await listAccounts(db)).find((account) => account.id === id);
}

/** An invited account (no password of its own yet); undefined if the name is taken. */
export async function insertInvitedUser(
  db: Db,
  values: { username: string; role: UserRole; email: string | null; inquiryTypes: InquirySubject[] | null },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      username: values.username,
      password_hash: '',
      role: values.role,
      email: values.email,
      inquiry_types: values.role === 'inbox' ? typesText(values.inquiryTypes) : null,
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
  values: { role?: UserRole; inquiryTypes?: InquirySubject[] | null; email?: string | null },
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

/** The account's one open invitation, replacing any earlier one (whose links then stop working). */
export async function putInvitation(db: Db, userId: number, tokenHash: string, expiresAt: string): Promise<void> {
  await db.deleteFrom('user_invitations').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_invitations')
    .values({ user_id: userId, token_hash: tokenHash, via: 'link', created_at: nowIso(), expires_at: expiresAt })
    .execute();
}

/**
 * The link an invitation mail carries, made as it is sent, valid as long as the shown one (and
 * replacing the link of an earlier try); false when there is no open invitation any more.
 */
export async function putMailedInvitation(db: Db, userId: number, tokenHash: string): Promise<string | undefined> {
  const shown = await db
    .selectFrom('user_invitations')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('via', '=', 'link')
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!shown) return undefined;
  await db.deleteFrom('user_invitations').where('user_id', '=', userId).where('via', '=', 'mail').execute();
  await db
    .insertInto('user_invitations')
    .values({ user_id: userId, token_hash: tokenHash, via: 'mail', created_at: nowIso(), expires_at: shown.expires_at })
    .execute();
  return shown.expires_at;
}

/** Queues the invitation mail of the account (in the transaction that made the invitation). */
export async function queueInvitationMail(db: Db, userId: number, outboxId: number, origin: string): Promise<void> {
  await db.insertInto('invitation_mails').values({ outbox_id: outboxId, user_id: userId, origin }).execute();
}

/** Who a queued invitation mail is for: the account's name and address now; undefined once gone. */
export async function findInvitationMail(db: Db, outboxId: number) {
  return db
    .selectFrom('invitation_mails')
    .innerJoin('users', 'users.id', 'invitation_mails.user_id')
    .select(['users.id', 'users.username', 'users.email', 'invitation_mails.origin'])
    .where('invitation_mails.outbox_id', '=', outboxId)
    .executeTakeFirst();
}

export async function deleteInvitation(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('user_invitations').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Uses up the invitation with this hash if it is still valid: deleted in the same statement that
 * finds it, so that two requests with one link cannot both pass. The account's id, or undefined.
 */
export async function takeInvitation(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .deleteFrom('user_invitations')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  // The account's other link (shown or mailed) ends with it.
  if (row) await db.deleteFrom('user_invitations').where('user_id', '=', row.user_id).execute();
  return row?.user_id;
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
