import { type Account, hasInquiryLimit } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { findUserById, listAccountUsers } from '../auth/users.repository';

/** Every account with its open invitation, by username (the users' rows are auth's: users.repository.ts). */
export async function listAccounts(db: Db): Promise<Account[]> {
  const [users, invitations] = await Promise.all([listAccountUsers(db), openInvitationExpiries(db)]);
  return users.map((user) => {
    const state: Account['state'] = user.disabled ? 'disabled' : user.invited ? 'invited' : 'active';
    return {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      email: user.email,
      role: user.role,
      inquiryTypes: hasInquiryLimit(user.role) ? user.inquiryTypes : null,
      state,
      lastSignInAt: user.lastSignInAt,
      invitationExpiresAt: invitations.get(user.id) ?? null,
      secondFactor: user.secondFactor,
    };
  });
}

/** When each account's open invitation runs out (the later one, if a shown and a mailed link are both open), by user id. */
async function openInvitationExpiries(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('user_invitations')
    .select(['user_id', (eb) => eb.fn.max('expires_at').as('expires_at')])
    .where('expires_at', '>', nowIso())
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.expires_at]));
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  return (await listAccounts(db)).find((account) => account.id === id);
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
  const mail = await db
    .selectFrom('invitation_mails')
    .select(['user_id', 'origin'])
    .where('outbox_id', '=', outboxId)
    .executeTakeFirst();
  const user = mail && (await findUserById(db, mail.user_id));
  return user && { id: user.id, username: user.username, email: user.email, origin: mail.origin };
}

/** The invitation with this link's hash: whose it is and until when (used or not); undefined if there is none. */
export async function findInvitation(db: Db, tokenHash: string): Promise<{ userId: number; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('user_invitations')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { userId: row.user_id, expiresAt: row.expires_at };
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
