import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { recordSuccess, reserveAttempt } from './login-throttle';
import { burnVerifyTime, verifyPassword } from './passwords';
import type { TokenKeys } from './tokens';
import { bumpTokenVersion, findUserById, findUserByName } from './users.repository';

export type AuthenticatedUser = { id: number; username: string; expiresAt: Date };

function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(429, 'too_many_requests', 'Too many failed sign-in attempts; try again later', {
    headers: { 'retry-after': String(seconds) },
  });
}

export async function login(db: Db, keys: TokenKeys, username: string, password: string, ip: string): Promise<string> {
  const wait = await reserveAttempt(db, username, ip);
  if (wait > 0) throw tooManyAttempts(wait);
  const user = await findUserByName(db, username);
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnVerifyTime(password), false);
  if (!user || !ok) throw new HttpError(401, 'invalid_credentials', 'Wrong name or password');
  await recordSuccess(db, username, ip);
  return keys.sign(user.id, user.tokenVersion);
}

/** The user a token belongs to, if it is genuine, unexpired and not revoked. */
export async function authenticate(db: Db, keys: TokenKeys, token: string): Promise<AuthenticatedUser | undefined> {
  const claims = await keys.verify(token);
  if (!claims) return undefined;
  const user = await findUserById(db, claims.userId);
  if (!user || user.tokenVersion !== claims.version) return undefined;
  return { id: user.id, username: user.username, expiresAt: claims.expiresAt };
}

export async function logout(db: Db, userId: number): Promise<void> {
  await bumpTokenVersion(db, userId);
}
