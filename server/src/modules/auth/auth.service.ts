import type { FastifyBaseLogger } from 'fastify';
import { type UserRole, hasInquiryLimit } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { HttpError } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { commandLineActor } from '../audit/audit-actor';
import { recordAccount, recordSignInLock } from './account-audit';
import {
  passedNameLock,
  recordSuccess,
  refusedAtNameLock,
  releaseAttempt,
  reserveAttempt,
  reserveTryThroughNameLock,
  throttlePolicy,
} from './login-throttle';
import { burnVerifyTime, checkSitePasswordPolicy, hashPassword, needsRehash, verifyPassword } from './passwords';
import { hashRecoveryCode, isTotpCode, matchTotp } from './second-factor';
import { hasRecoveryCode, spendRecoveryCode, spendTotpStep } from './second-factor.repository';
import type { TokenKeys, TokenRejection } from './tokens';
import {
  createSession,
  deleteSession,
  deleteStaleSessions,
  deleteUserSessions,
  findSession,
  touchSession,
} from './sessions.repository';
import {
  type UserRecord,
  bumpTokenVersion,
  countActiveAdmins,
  findUserById,
  findUserByName,
  lockAccounts,
  recordSignIn,
  replacePasswordHash,
  setUserDisabled,
  updatePassword,
} from './users.repository';

export type AuthenticatedUser = {
  id: number;
  username: string;
  /** The name shown for the user (issue 40); null: the username. */
  displayName: string | null;
  /** What the user may use (issue 31), read afresh on every request. */
  role: UserRole;
  /** An inbox user's inquiry types; null: every type. */
  inquiryTypes: string[] | null;
  sessionId: string;
  expiresAt: Date;
  /** The password is the generated first one (UserRecord.mustChangePassword). */
  passwordChangeRequired: boolean;
  /** Sign-in takes a code from the authenticator app (or a recovery code). */
  secondFactorEnabled: boolean;
};

/** How a sign-in ended, as the metrics count it (blitz_sign_ins_total). */
export type SignInOutcome =
  'success' | 'invalid_credentials' | 'throttled' | 'second_factor_required' | 'second_factor_invalid' | 'error';

/** Who is signing in, with the second factor's code where one is set up, from where, and where the outcome is logged. */
export type SignInAttempt = { username: string; password: string; code?: string; ip: string; log: FastifyBaseLogger };

function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(429, 'too_many_requests', 'Too many failed sign-in attempts; try again later', {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Checks name and password — and, for a user with a second factor, the code from the app or a
 * recovery code — and answers a token. Without a code such a user gets 401
 * `second_factor_required` (the password was right; the form asks for the code); a wrong code
 * counts as a failed attempt. Every outcome is logged as a security event, with the user's id
 * where the name is known, never the name, the password or the code.
 */
export async function login(db: Db, keys: TokenKeys, attempt: SignInAttempt, idleMs: number): Promise<string> {
  const { username, password, code, ip, log } = attempt;
  const { wait, twoFactorsMayPass, nameLocked } = await reserveAttempt(db, username, ip, { twoFactors: true });
  if (nameLocked) await recordSignInLock(db, username, throttlePolicy.maxFailuresPerUser, throttlePolicy.windowMs);
  if (wait > 0 && twoFactorsMayPass) return loginThroughNameLock(db, keys, attempt, idleMs, wait);
  if (wait > 0) {
    logSecurityEvent(log, 'warn', 'login_failed', { reason: 'throttled', retryAfterSeconds: wait, ip });
    throw tooManyAttempts(wait);
  }
  const user = await findUserByName(db, username);
  // An invited account has no password yet (an empty hash): it costs the same time as a wrong one.
  const ok =
    user && user.passwordHash ? await verifyPassword(user.passwordHash, password) : (await burnVerifyTime(password), false);
  // A disabled account gets the answer of a wrong password: whether it exists stays unknown.
  if (!user || !ok || user.disabled) {
    logSecurityEvent(log, 'warn', 'login_failed', {
      reason: !user ? 'unknown_user' : !ok ? 'wrong_password' : 'user_disabled',
      userId: user?.id ?? null,
      ip,
    });
    throw new HttpError(401, 'invalid_credentials', 'Wrong name or password');
  }
  let method = 'password';
  if (user.totpSecret) {
    if (!code) {
      await releaseAttempt(db, username, ip);
      logSecurityEvent(log, 'info', 'second_factor_requested', { userId: user.id, ip });
      throw new HttpError(401, 'second_factor_required', 'Enter the code from the authenticator app or a recovery code');
    }
    const spent = await spendSecondFactorCode(db, user, code);
    if (!spent) {
      logSecurityEvent(log, 'warn', 'login_failed', { reason: 'wrong_second_factor', userId: user.id, ip });
      throw new HttpError(401, 'invalid_second_factor', 'The code is wrong or was used already');
    }
    method = `password+${spent}`;
  }
  await recordSuccess(db, username, ip);
  await recordSignIn(db, user.id, nowIso());
  logSecurityEvent(log, 'info', 'login_succeeded', { userId: user.id, method, ip });
  // A hash from weaker parameters is replaced while the password is at hand (ASVS 11.2.2).
  if (needsRehash(user.passwordHash)) {
    await replacePasswordHash(db, user.id, await hashPassword(password));
    logSecurityEvent(log, 'info', 'password_rehashed', { userId: user.id });
  }
  return openSession(db, keys, user, idleMs);
}

/**
 * A sign-in while the name's count is over, from an address that has not failed (issue 27, point
 * 8): the lock stops guessing, and two factors are not a guess. Only the right password with a
 * valid code passes. Everything else gets the lock's 429 and tells nothing: without a code nothing
 * is checked; with one, the code is checked (not spent) and the password always hashed, whatever
 * either was, so neither the answer, its time nor what it counts shows whether the password was
 * right. A failed try counts for the address (it will not pass again in its window) and under the
 * name's budget of such tries; the name's count is never cleared.
 */
async function loginThroughNameLock(db: Db, keys: TokenKeys, attempt: SignInAttempt, idleMs: number, wait: number) {
  const { username, password, code, ip, log } = attempt;
  const refuse = (): never => {
    logSecurityEvent(log, 'warn', 'login_failed', { reason: 'throttled', retryAfterSeconds: wait, ip });
    throw tooManyAttempts(wait);
  };
  if (!code) {
    await refusedAtNameLock(db, username, ip);
    return refuse();
  }
  const triesWait = await reserveTryThroughNameLock(db, username, ip);
  if (triesWait > 0) return refuse();
  const user = await findUserByName(db, username);
  const usable = user && !user.disabled && user.totpSecret ? user : undefined;
  const codeValid = usable ? await secondFactorCodeValid(db, usable, code) : false;
  const passwordRight = usable ? await verifyPassword(usable.passwordHash, password) : (await burnVerifyTime(password), false);
  const spent = usable && codeValid && passwordRight ? await spendSecondFactorCode(db, usable, code) : null;
  if (!usable || !spent) return refuse();
  await passedNameLock(db, username, ip);
  await recordSignIn(db, usable.id, nowIso());
  logSecurityEvent(log, 'info', 'login_succeeded', { userId: usable.id, method: `password+${spent}`, ip });
  if (needsRehash(usable.passwordHash)) {
    await replacePasswordHash(db, usable.id, await hashPassword(password));
    logSecurityEvent(log, 'info', 'password_rehashed', { userId: usable.id });
  }
  return openSession(db, keys, usable, idleMs);
}

/** Whether `code` would pass as the user's second factor now, without using it up. */
async function secondFactorCodeValid(db: Db, user: Pick<UserRecord, 'id' | 'totpSecret'>, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (isTotpCode(code)) return matchTotp(user.totpSecret, code) !== null;
  return hasRecoveryCode(db, user.id, hashRecoveryCode(code));
}

/**
 * Uses up `code` as the user's second factor: a 6-digit code from the app (each time step once)
 * or one of the recovery codes (each once). Which kind it was, or null if it is no good.
 */
export async function spendSecondFactorCode(
  db: Db,
  user: Pick<UserRecord, 'id' | 'totpSecret'>,
  code: string,
): Promise<'totp' | 'recovery_code' | null> {
  if (!user.totpSecret) return null;
  if (isTotpCode(code)) {
    const step = matchTotp(user.totpSecret, code);
    return step !== null && (await spendTotpStep(db, user.id, step)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(db, user.id, hashRecoveryCode(code), new Date())) ? 'recovery_code' : null;
}

/** Where a signed-in user's check of their own password (and code) is logged, and who asks. */
export type ReauthContext = {
  ip: string;
  log: FastifyBaseLogger;
  failedEvent: 'password_change_failed' | 'second_factor_change_failed';
};

/** What a check of the user's own password or code found wrong: the field, why (logged), and what to say. */
export type ReauthFailure = { field: string; reason: string; message?: string };

/**
 * Runs `check` (the password, and the code where one is set up, asked again before a change to
 * how the user signs in, ASVS 7.5.1) as one throttled attempt: a stolen token cannot guess them,
 * since wrong ones count like failed sign-ins. A passing check only gives its own attempt back:
 * clearing the counts is for a full sign-in, or a right password here would wipe the count of
 * wrong codes guessed elsewhere.
 */
export async function reauthenticate(
  db: Db,
  user: UserRecord,
  context: ReauthContext,
  check: () => Promise<ReauthFailure | undefined>,
): Promise<void> {
  const { ip, log, failedEvent } = context;
  const { wait } = await reserveAttempt(db, user.username, ip);
  if (wait > 0) {
    logSecurityEvent(log, 'warn', failedEvent, { reason: 'throttled', retryAfterSeconds: wait, userId: user.id, ip });
    throw tooManyAttempts(wait);
  }
  const wrong = await check();
  if (wrong) {
    logSecurityEvent(log, 'warn', failedEvent, { reason: wrong.reason, userId: user.id, ip });
    throw new HttpError(400, 'validation', `Invalid field: ${wrong.field}`, {
      errors: [{ field: wrong.field, message: wrong.message ?? 'is wrong' }],
    });
  }
  await releaseAttempt(db, user.username, ip);
}

/**
 * The password, and for a user with a second factor a code too (spent if right): the check of
 * `reauthenticate` for changes to how the user signs in.
 */
export function passwordAndCode(
  db: Db,
  user: UserRecord,
  password: string,
  code: string | undefined,
  passwordField = 'password',
) {
  return async (): Promise<ReauthFailure | undefined> => {
    if (!(await verifyPassword(user.passwordHash, password))) return { field: passwordField, reason: 'wrong_password' };
    if (!user.totpSecret) return undefined;
    if (!code) return { field: 'code', reason: 'missing_second_factor', message: 'is required' };
    return (await spendSecondFactorCode(db, user, code)) ? undefined : { field: 'code', reason: 'wrong_second_factor' };
  };
}

/** A new sign-in of the user (with the token version it has now): its session row, and the token that names it. */
export async function openSession(db: Db, keys: TokenKeys, user: UserRecord, idleMs: number): Promise<string> {
  const now = new Date();
  await deleteStaleSessions(db, now, idleMs);
  const sessionId = await createSession(db, user.id, now, new Date(now.getTime() + keys.ttlSeconds * 1000));
  return keys.sign(user.id, user.tokenVersion, sessionId);
}

export type PasswordChange = {
  userId: number;
  currentPassword: string;
  /** The second factor's code, for a user who has one. */
  code?: string | undefined;
  newPassword: string;
  ip: string;
  log: FastifyBaseLogger;
};

function invalidNewPassword(message: string): HttpError {
  return new HttpError(400, 'validation', `The new password ${message}`, { errors: [{ field: 'newPassword', message }] });
}

export async function requireUser(db: Db, userId: number): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(401, 'unauthorized', 'The user no longer exists');
  return user;
}

/**
 * A signed-in user's own password change (ASVS 6.2.2, 6.2.3): the current password — and the
 * code, with a second factor — must be given (reauthenticate); the new one follows the same rule
 * as any new password. Every other sign-in of the user ends; the answer is a fresh token for this one.
 */
export async function changePassword(db: Db, keys: TokenKeys, change: PasswordChange, idleMs: number): Promise<string> {
  const { userId, currentPassword, code, newPassword, ip, log } = change;
  const user = await requireUser(db, userId);
  await reauthenticate(
    db,
    user,
    { ip, log, failedEvent: 'password_change_failed' },
    passwordAndCode(db, user, currentPassword, code, 'currentPassword'),
  );
  if (newPassword === currentPassword) throw invalidNewPassword('must differ from the current one');
  const problem = await checkSitePasswordPolicy(db, newPassword, user);
  if (problem) throw invalidNewPassword(problem);
  const hash = await hashPassword(newPassword);
  await inTransaction(db, async (trx) => {
    await updatePassword(trx, user.id, hash);
    await recordAccount(trx, 'passwordChange', user);
  });
  await deleteUserSessions(db, user.id);
  logSecurityEvent(log, 'info', 'password_changed', { userId: user.id, ip });
  // Read again: the change raised the token version.
  return openSession(db, keys, await requireUser(db, user.id), idleMs);
}

export type Authentication =
  { user: AuthenticatedUser } | { rejected: TokenRejection | 'revoked' | 'unknown_user' | 'user_disabled' | 'idle' };

/** Requests this close together count as one for the session's last-seen time (fewer writes). */
const touchEvery = (idleMs: number) => Math.min(30_000, idleMs / 10);

/**
 * The user a token belongs to if it is genuine, unexpired, not revoked and its session has not
 * been idle for longer than `idleMs`; else why not. A request that is `activity` keeps the
 * session alive; the web app's own check of its token (Verfy) does not. The user's `expiresAt`
 * is when the session ends unless it is used: the token's expiry or the end of the idle time.
 */
export async function authenticate(
  db: Db,
  keys: TokenKeys,
  token: string,
  session: { idleMs: number; activity: boolean },
): Promise<Authentication> {
  const verified = await keys.verify(token);
  if ('rejected' in verified) return verified;
  const { claims } = verified;
  const user = await findUserById(db, claims.userId);
  if (!user) return { rejected: 'unknown_user' };
  // Disabling also ends the sessions; this holds even for a token that outlives them.
  if (user.disabled) return { rejected: 'user_disabled' };
  if (user.tokenVersion !== claims.version) return { rejected: 'revoked' };
  const found = await findSession(db, claims.sessionId);
  if (!found || found.userId !== user.id) return { rejected: 'revoked' };
  const now = Date.now();
  if (now - found.lastSeenAt.getTime() >= session.idleMs) {
    await deleteSession(db, found.id);
    return { rejected: 'idle' };
  }
  let lastSeen = found.lastSeenAt.getTime();
  if (session.activity && now - lastSeen >= touchEvery(session.idleMs)) {
    await touchSession(db, found.id, new Date(now));
    lastSeen = now;
  }
  const expiresAt = new Date(Math.min(claims.expiresAt.getTime(), lastSeen + session.idleMs));
  return {
    user: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      role: user.role,
      inquiryTypes: hasInquiryLimit(user.role) ? user.inquiryTypes : null,
      sessionId: found.id,
      expiresAt,
      passwordChangeRequired: user.mustChangePassword,
      secondFactorEnabled: user.totpSecret !== null,
    },
  };
}

/** Ends every session of the user: all earlier tokens stop working. */
export async function logout(db: Db, userId: number): Promise<void> {
  await bumpTokenVersion(db, userId);
  await deleteUserSessions(db, userId);
}

/**
 * The operator disables an account: it cannot sign in, and every sign-in it has ends at once.
 * The last active admin is refused (issue 31), under the same lock as the dashboard's changes:
 * nobody could manage the site then (set-password NAME of a new user would still recover it).
 */
export async function disableUser(
  db: Db,
  username: string,
  /** What else ends with the account, in the same transaction (the inbox unassigns its inquiries). */
  onDisabled: (trx: Db, userId: number) => Promise<void> = async () => {},
): Promise<'disabled' | 'already_disabled' | 'unknown' | 'last'> {
  return inTransaction(db, async (trx) => {
    await lockAccounts(trx);
    const user = await findUserByName(trx, username);
    if (!user) return 'unknown';
    if (user.disabled) return 'already_disabled';
    const activeAdmin = user.role === 'admin' && !user.invited;
    if (activeAdmin && (await countActiveAdmins(trx)) <= 1) return 'last';
    await setUserDisabled(trx, user.id, nowIso());
    await logout(trx, user.id);
    await onDisabled(trx, user.id);
    await recordAccount(trx, 'disable', user, commandLineActor);
    return 'disabled';
  });
}

/** Lets a disabled account sign in again (its old tokens stay ended). */
export async function enableUser(db: Db, username: string): Promise<'enabled' | 'already_enabled' | 'unknown'> {
  return inTransaction(db, async (trx) => {
    const user = await findUserByName(trx, username);
    if (!user) return 'unknown';
    if (!user.disabled) return 'already_enabled';
    await setUserDisabled(trx, user.id, null);
    await recordAccount(trx, 'enable', user, commandLineActor);
    return 'enabled';
  });
}
