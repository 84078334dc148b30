import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AccountCreate,
  type AccountUpdate,
  type Invitation,
  type OwnAccount,
  type UserRole,
  hasInquiryLimit,
} from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { type AuditActor, commandLineActor, currentActor, systemActor } from '../audit/audit-actor';
import { maySee, unassignAccount } from '../inbox/inquiry-work';
import { recordAccount } from '../auth/account-audit';
import { recordChange } from '../audit/audit.recorder';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { logout, openSession } from '../auth/auth.service';
import { checkSitePasswordPolicy, hashPassword } from '../auth/passwords';
import type { TokenKeys } from '../auth/tokens';
import {
  type UserRecord,
  clearCredentials,
  countActiveAdmins,
  deleteUser,
  findUserById,
  findUserByName,
  insertInvitedUser,
  lockAccounts,
  recordSignIn,
  setDisplayName,
  setInvitedPassword,
  setUserDisabled,
  updateAccount as writeAccount,
} from '../auth/users.repository';
import { deleteInvitation, findAccount, findInvitation, putInvitation, takeInvitation } from './accounts.repository';
import { hashInvitationToken, invitationUrl } from './invitation-token';
import { checkTypeKeys } from '../inquiry-types/inquiry-types.service';

/** How long an invitation link works. */
export const invitationTtlMs = 72 * 60 * 60 * 1000;

/**
 * What account changes need: the database, the origin of the links (the address the admin works
 * on, issue 40; the public one from the command line), and a way to
 * mail the link (undefined: no mail server, the admin passes the link on). Account changes live
 * here only, so that the audit trail (issue 31) can record each in its transaction.
 */
export type AccountDeps = {
  db: Db;
  origin: () => Promise<string>;
  /** Queues the invitation mail where the account has an address and a mail server is set; true if queued. */
  mailInvitation?: ((db: Db, userId: number, email: string | null, origin: string) => Promise<boolean>) | undefined;
};

/** Who makes a change, from where, and where it is logged. */
export type AccountActor = { userId: number | null; ip: string; log: FastifyBaseLogger };

const lastAdmin = () =>
  new HttpError(409, 'last_admin', 'The site needs at least one active admin: make another account an admin first');

const sameTypes = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : [...new Set(a)].sort().join() === [...new Set(b)].sort().join();

/** Refuses a change that takes `user` out of the active admins when it is the last one. Call with the accounts lock held. */
async function keepAnAdmin(trx: Db, user: UserRecord): Promise<void> {
  const activeAdmin = user.role === 'admin' && !user.disabled && !user.invited;
  if (activeAdmin && (await countActiveAdmins(trx)) <= 1) throw lastAdmin();
}

async function existingUser(trx: Db, id: number): Promise<UserRecord> {
  const user = await findUserById(trx, id);
  if (!user) throw notFound('User');
  return user;
}

/** A new one-time link for the account (the origin read before the transaction: on SQLite it holds the one connection) (any earlier one stops working); mailed where possible. */
async function issueInvitation(
  deps: AccountDeps,
  trx: Db,
  user: { id: number; email: string | null },
  origin: string,
): Promise<{ invitation: Invitation; mailed: boolean }> {
  const userId = user.id;
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + invitationTtlMs).toISOString();
  await putInvitation(trx, userId, hashInvitationToken(token), expiresAt);
  const url = invitationUrl(origin, token);
  const mailed = deps.mailInvitation ? await deps.mailInvitation(trx, userId, user.email, origin) : false;
  return { invitation: { url, expiresAt }, mailed };
}

/** Who the audit trail names: the request's user (its default), or the command line. */
function auditActorOf(actor: AccountActor): { actor?: AuditActor } {
  return actor.userId === null ? { actor: commandLineActor } : {};
}

/** Who changed an account, as an inquiry's time line names them. */
const doerOf = (actor: AccountActor): AuditActor => auditActorOf(actor).actor ?? currentActor() ?? systemActor;

export async function createAccount(deps: AccountDeps, actor: AccountActor, input: AccountCreate) {
  const origin = await deps.origin();
  await checkTypeKeys(deps.db, input.inquiryTypes, 'inquiryTypes');
  return inTransaction(deps.db, async (trx) => {
    const id = await insertInvitedUser(trx, {
      username: input.username,
      role: input.role,
      email: input.email ?? null,
      inquiryTypes: input.inquiryTypes ?? null,
    });
    if (id === undefined) throw new HttpError(409, 'conflict', 'An account of that name exists already');
    const sent = await issueInvitation(deps, trx, { id, email: input.email ?? null }, origin);
    await recordChange(trx, {
      action: 'invite',
      kind: 'user',
      id,
      title: input.username,
      changes: [
        { field: 'role', before: '', after: input.role },
        ...(input.inquiryTypes && hasInquiryLimit(input.role)
          ? [{ field: 'inquiryTypes', before: '', after: input.inquiryTypes.join(', ') }]
          : []),
      ],
      ...auditActorOf(actor),
    });
    logSecurityEvent(actor.log, 'info', 'account_created', { userId: id, by: actor.userId, role: input.role, ip: actor.ip });
    return { id, username: input.username, role: input.role, ...sent };
  });
}

/**
 * A new display name (issue 40), recorded in the audit trail; not a change of rights, so the
 * user's sign-ins go on. Nothing is written or recorded when it stays the same.
 */
async function renameAccount(trx: Db, actor: AccountActor, user: UserRecord, displayName: string | null): Promise<boolean> {
  if (displayName === user.displayName) return false;
  await setDisplayName(trx, user.id, displayName);
  await recordChange(trx, {
    action: 'update',
    kind: 'user',
    id: user.id,
    title: user.username,
    changes: [{ field: 'displayName', before: user.displayName ?? '', after: displayName ?? '' }],
    ...auditActorOf(actor),
  });
  return true;
}

/** The signed-in user's own display name (issue 40): anyone may choose how the dashboard names them. */
export async function updateOwnAccount(
  deps: AccountDeps,
  actor: AccountActor & { userId: number },
  displayName: string | null,
): Promise<OwnAccount> {
  return inTransaction(deps.db, async (trx) => {
    const user = await existingUser(trx, actor.userId);
    if (await renameAccount(trx, actor, user, displayName))
      logSecurityEvent(actor.log, 'info', 'account_changed', { userId: user.id, by: user.id, displayName: true, ip: actor.ip });
    return { username: user.username, displayName };
  });
}

/**
 * Role, inquiry types, e-mail, disabled, display name: a change of role or types, and disabling,
 * end the user's sign-ins at once (the token version is raised and the sessions go). The last
 * active admin cannot be demoted or disabled, by themselves either.
 */
export async function updateAccount(deps: AccountDeps, actor: AccountActor, input: AccountUpdate) {
  await checkTypeKeys(deps.db, input.inquiryTypes, 'inquiryTypes');
  await inTransaction(deps.db, async (trx) => {
    await lockAccounts(trx);
    const user = await existingUser(trx, input.id);
    const demoted = input.role !== undefined && input.role !== 'admin' && user.role === 'admin';
    const disabling = input.disabled === true && !user.disabled;
    if (demoted || disabling) await keepAnAdmin(trx, user);
    const role: UserRole = input.role ?? user.role;
    const roleChanged = input.role !== undefined && input.role !== user.role;
    // The same types sent back (a client returning what it read) are no change: sign-ins go on.
    const typesChanged =
      input.inquiryTypes !== undefined && hasInquiryLimit(role) && !sameTypes(input.inquiryTypes, user.inquiryTypes);
    const emailChanged = input.email !== undefined && (input.email ?? null) !== user.email;
    if (roleChanged || typesChanged || emailChanged) {
      await writeAccount(trx, user.id, {
        ...(input.role ? { role: input.role } : {}),
        // Only a role that reads the inbox, admin aside, keeps a limit (inbox, editorInbox); another
        // drops it. Between those two the limit stays unless new types are given.
        ...(!hasInquiryLimit(role) ? { inquiryTypes: null } : typesChanged ? { inquiryTypes: input.inquiryTypes ?? null } : {}),
        ...(emailChanged ? { email: input.email ?? null } : {}),
      });
    }
    if (roleChanged || typesChanged) {
      await logout(trx, user.id);
      // The inquiries it may no longer see go back to nobody (issue 42).
      const types = hasInquiryLimit(role) ? (typesChanged ? (input.inquiryTypes ?? null) : user.inquiryTypes) : null;
      await unassignAccount(trx, user.id, (subject) => maySee({ role, inquiryTypes: types }, subject), doerOf(actor));
    }
    const renamed = input.displayName !== undefined && (await renameAccount(trx, actor, user, input.displayName));
    if (input.disabled !== undefined && input.disabled !== user.disabled) {
      await setUserDisabled(trx, user.id, input.disabled ? nowIso() : null);
      if (input.disabled) {
        await logout(trx, user.id);
        await unassignAccount(trx, user.id, null, doerOf(actor));
      }
      await recordAccount(trx, input.disabled ? 'disable' : 'enable', user, auditActorOf(actor).actor);
    }
    if (roleChanged || typesChanged) {
      const types = (list: readonly string[] | null | undefined) => (list ? list.join(', ') : '');
      await recordChange(trx, {
        action: 'roleChange',
        kind: 'user',
        id: user.id,
        title: user.username,
        changes: [
          ...(roleChanged ? [{ field: 'role', before: user.role, after: role }] : []),
          ...(typesChanged
            ? [{ field: 'inquiryTypes', before: types(user.inquiryTypes), after: types(input.inquiryTypes) }]
            : []),
        ],
        ...auditActorOf(actor),
      });
    }
    logSecurityEvent(actor.log, 'info', 'account_changed', {
      userId: user.id,
      by: actor.userId,
      role,
      roleChanged,
      typesChanged,
      ...(renamed ? { displayName: true } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      ip: actor.ip,
    });
  });
  return (await findAccount(deps.db, input.id))!;
}

export async function deleteAccount(deps: AccountDeps, actor: AccountActor, id: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await lockAccounts(trx);
    const user = await existingUser(trx, id);
    await keepAnAdmin(trx, user);
    await unassignAccount(trx, user.id, null, doerOf(actor));
    await deleteUser(trx, user.id);
    await recordAccount(trx, 'delete', user, auditActorOf(actor).actor);
    logSecurityEvent(actor.log, 'info', 'account_deleted', { userId: user.id, by: actor.userId, ip: actor.ip });
  });
}

/**
 * An admin's reset (the reason is for the audit trail, never the security log): password and
 * second factor removed, every sign-in ended, the account invited again with a new link.
 */
export async function resetAccount(deps: AccountDeps, actor: AccountActor, id: number, reason: string) {
  const origin = await deps.origin();
  return inTransaction(deps.db, async (trx) => {
    await lockAccounts(trx);
    const user = await existingUser(trx, id);
    await keepAnAdmin(trx, user);
    await clearCredentials(trx, user.id);
    await logout(trx, user.id);
    await recordChange(trx, {
      action: 'accountReset',
      kind: 'user',
      id: user.id,
      title: user.username,
      note: `reason: ${reason}`,
      ...auditActorOf(actor),
    });
    logSecurityEvent(actor.log, 'info', 'account_reset', { userId: user.id, by: actor.userId, ip: actor.ip });
    return issueInvitation(deps, trx, user, origin);
  });
}

/** A new link for an account still waiting for its invitation; the old one stops working. */
export async function resendInvitation(deps: AccountDeps, actor: AccountActor, id: number) {
  const origin = await deps.origin();
  return inTransaction(deps.db, async (trx) => {
    const user = await existingUser(trx, id);
    if (!user.invited) throw new HttpError(409, 'conflict', 'The account has signed in already: reset it instead');
    const sent = await issueInvitation(deps, trx, user, origin);
    await recordAccount(trx, 'invitationResent', user, auditActorOf(actor).actor);
    logSecurityEvent(actor.log, 'info', 'invitation_sent', { userId: user.id, by: actor.userId, ip: actor.ip });
    return sent;
  });
}

export async function revokeInvitation(deps: AccountDeps, actor: AccountActor, id: number): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const user = await existingUser(trx, id);
    if (!(await deleteInvitation(trx, id))) throw notFound('Invitation');
    await recordAccount(trx, 'invitationRevoked', user, auditActorOf(actor).actor);
  });
  logSecurityEvent(actor.log, 'info', 'invitation_revoked', { userId: id, by: actor.userId, ip: actor.ip });
}

const invitationInvalid = () =>
  new HttpError(
    400,
    'invitation_invalid',
    'The invitation link is unknown, used, revoked or expired: ask an admin for a new one',
  );

/**
 * The invitee's first sign-in: the link's token and the password they chose (the rules of every
 * new password). The link is used up in the same statement that finds it: one link, one account.
 * The answer is a token; setting up the second factor follows as for every sign-in.
 */
export async function acceptInvitation(
  db: Db,
  keys: TokenKeys,
  request: { token: string; password: string; ip: string; log: FastifyBaseLogger },
  idleMs: number,
): Promise<string> {
  const tokenHash = hashInvitationToken(request.token);
  const refuse = (reason: string) => {
    logSecurityEvent(request.log, 'warn', 'invitation_refused', { reason, ip: request.ip });
    return invitationInvalid();
  };
  // The rules are checked before the link is used, so that a refused password leaves it working.
  const invitation = await findInvitation(db, tokenHash);
  const invitee = invitation && (await findUserById(db, invitation.userId));
  if (!invitation || !invitee) throw refuse('unknown');
  if (invitation.expiresAt <= nowIso()) throw refuse('expired');
  const pending = { username: invitee.username, email: invitee.email };
  const problem = await checkSitePasswordPolicy(db, request.password, pending);
  if (problem) throw badRequest('password', problem);
  const hash = await hashPassword(request.password);
  const userId = await inTransaction(db, async (trx) => {
    const id = await takeInvitation(trx, tokenHash, nowIso());
    if (id === undefined) throw refuse('used');
    const user = await findUserById(trx, id);
    if (!user || user.disabled) throw refuse('user_disabled');
    await setInvitedPassword(trx, id, hash);
    await recordSignIn(trx, id, nowIso());
    await recordAccount(trx, 'invitationAccepted', user, { id: user.id, name: user.username });
    return id;
  });
  logSecurityEvent(request.log, 'info', 'invitation_used', { userId, ip: request.ip });
  const user = await findUserById(db, userId);
  return openSession(db, keys, user!, idleMs);
}

/** The operator's `create-user NAME --role ROLE`: an invited account and its link. */
export async function createAccountFromCommandLine(deps: AccountDeps, username: string, role: UserRole) {
  if (await findUserByName(deps.db, username)) throw new Error(`There is already a user ${username}`);
  return createAccount(deps, { userId: null, ip: 'command-line', log: silentLog }, { username, role });
}

const noop = () => {};
const silentLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => silentLog,
  level: 'silent',
  silent: noop,
} as unknown as FastifyBaseLogger;
