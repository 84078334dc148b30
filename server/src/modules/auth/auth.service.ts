import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { recordSuccess, reserveAttempt } from './login-throttle';
import { burnVerifyTime, checkPasswordPolicy, hashPassword, needsRehash, verifyPassword } from './passwords';
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
  findUserById,
  findUserByName,
  replacePasswordHash,
  updatePassword,
} from './users.repository';

export type AuthenticatedUser = {
  id: number;
  username: string;
  sessionId: string;
  expiresAt: Date;
  /** The password is the generated first one (UserRecord.mustChangePassword). */
  passwordChangeRequired: boolean;
};

/** Who is signing in, from where, and where the outcome is logged. */
export type SignInAttempt = { username: string; password: string; ip: string; log: FastifyBaseLogger };

function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(429, 'too_many_requests', 'Too many failed sign-in attempts; try again later', {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Checks name and password and answers a token. Every outcome is logged as a security event,
 * with the user's id where the name is known, never the name or the password themselves.
 */
export async function login(db: Db, keys: TokenKeys, attempt: SignInAttempt, idleMs: number): Promise<string> {
  const { username, password, ip, log } = attempt;
  const wait = await reserveAttempt(db, username, ip);
  if (wait > 0) {
    logSecurityEvent(log, 'warn', 'login_failed', { reason: 'throttled', retryAfterSeconds: wait, ip });
    throw tooManyAttempts(wait);
  }
  const user = await findUserByName(db, username);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnVerifyTime(password), false);
  if (!user || !ok) {
    logSecurityEvent(log, 'warn', 'login_failed', {
      reason: user ? 'wrong_password' : 'unknown_user',
      userId: user?.id ?? null,
      ip,
    });
    throw new HttpError(401, 'invalid_credentials', 'Wrong name or password');
  }
  await recordSuccess(db, username, ip);
  logSecurityEvent(log, 'info', 'login_succeeded', { userId: user.id, method: 'password', ip });
  // A hash from weaker parameters is replaced while the password is at hand (ASVS 11.2.2).
  if (needsRehash(user.passwordHash)) {
    await replacePasswordHash(db, user.id, await hashPassword(password));
    logSecurityEvent(log, 'info', 'password_rehashed', { userId: user.id });
  }
  return openSession(db, keys, user, idleMs);
}

/** A new sign-in of the user (with the token version it has now): its session row, and the token that names it. */
async function openSession(db: Db, keys: TokenKeys, user: UserRecord, idleMs: number): Promise<string> {
  const now = new Date();
  await deleteStaleSessions(db, now, idleMs);
  const sessionId = await createSession(db, user.id, now, new Date(now.getTime() + keys.ttlSeconds * 1000));
  return keys.sign(user.id, user.tokenVersion, sessionId);
}

export type PasswordChange = { userId: number; currentPassword: string; newPassword: string; ip: string; log: FastifyBaseLogger };

function invalidPassword(field: 'currentPassword' | 'newPassword', message: string): HttpError {
  return new HttpError(400, 'validation', `${field === 'currentPassword' ? 'The current' : 'The new'} password ${message}`, {
    errors: [{ field, message }],
  });
}

/**
 * A signed-in user's own password change (ASVS 6.2.2, 6.2.3): the current password must be
 * given, and wrong ones count like failed sign-ins (a stolen token cannot guess it); the new one
 * follows the same rule as any new password. Every other sign-in of the user ends; the answer is
 * a fresh token for this one.
 */
export async function changePassword(db: Db, keys: TokenKeys, change: PasswordChange, idleMs: number): Promise<string> {
  const { userId, currentPassword, newPassword, ip, log } = change;
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(401, 'unauthorized', 'The user no longer exists');
  const wait = await reserveAttempt(db, user.username, ip);
  if (wait > 0) {
    logSecurityEvent(log, 'warn', 'password_change_failed', { reason: 'throttled', retryAfterSeconds: wait, userId, ip });
    throw tooManyAttempts(wait);
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    logSecurityEvent(log, 'warn', 'password_change_failed', { reason: 'wrong_password', userId, ip });
    throw invalidPassword('currentPassword', 'is wrong');
  }
  await recordSuccess(db, user.username, ip);
  if (newPassword === currentPassword) throw invalidPassword('newPassword', 'must differ from the current one');
  const problem = checkPasswordPolicy(newPassword, user.username);
  if (problem) throw invalidPassword('newPassword', problem);
  await updatePassword(db, user.id, await hashPassword(newPassword));
  await deleteUserSessions(db, user.id);
  logSecurityEvent(log, 'info', 'password_changed', { userId: user.id, ip });
  // Read again: the change raised the token version.
  const changed = await findUserById(db, user.id);
  if (!changed) throw new HttpError(401, 'unauthorized', 'The user no longer exists');
  return openSession(db, keys, changed, idleMs);
}

export type Authentication = { user: AuthenticatedUser } | { rejected: TokenRejection | 'revoked' | 'unknown_user' | 'idle' };

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
      sessionId: found.id,
      expiresAt,
      passwordChangeRequired: user.mustChangePassword,
    },
  };
}

/** Ends every session of the user: all earlier tokens stop working. */
export async function logout(db: Db, userId: number): Promise<void> {
  await bumpTokenVersion(db, userId);
  await deleteUserSessions(db, userId);
}
