import type { Db } from '../../db/database';
import { addressGroup } from '../../lib/address-group';
import { clearThrottle, countAttempt, uncountAttempt } from '../rate-limits/attempts.repository';

/**
 * Sign-in attempts counted per 15-minute window, kept in the database so that every instance
 * sharing one PostgreSQL counts the same attempts. Three counts, each with its own limit:
 *
 * - a name from one address (5): stops guessing at one account from one place;
 * - an address for any name (20): stops one address trying many names (credential stuffing);
 * - a name from anywhere (50): caps guessing spread over many addresses.
 *
 * Throttle, don't lock out (OWASP): an attempt that is refused is not counted at all, and the
 * name's count only takes attempts that the address's own limits let through, so one address
 * adds at most 5 to it. Ten addresses guessing at once fill it; then the name's limit holds for
 * guesses, but not for two factors (issue 27, point 8): from an address that has not failed in its
 * window, the right password with a valid code passes (`reserveAttempt` with `twoFactors`); such
 * tries have a budget of their own per name (50), and a failed one counts for its address.
 *
 * An IPv6 client counts by its /64, the block one subscriber or host usually holds: otherwise
 * each address of it would be a new client.
 */
export const throttlePolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerUserAndIp: 5,
  maxFailuresPerUser: 50,
  maxFailuresPerIp: 20,
  /** Tries of password and code through the name's lock, from addresses that had not failed. */
  maxTriesThroughNameLock: 50,
} as const;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const userAndIpKey = (username: string, ip: string) => `user-ip:${addressGroup(ip)}:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${addressGroup(ip)}`;
const lockTriesKey = (username: string) => `user-lock:${username.toLowerCase()}`;

type Limit = [key: string, max: number];

const addressLimits = (username: string, ip: string): Limit[] => [
  [userAndIpKey(username, ip), throttlePolicy.maxFailuresPerUserAndIp],
  [ipKey(ip), throttlePolicy.maxFailuresPerIp],
];

/** Counts this attempt under the keys: the seconds to wait if one is over its limit (0: go ahead), and the counts. */
async function count(db: Db, limits: Limit[], now: Date): Promise<{ wait: number; attempts: number[] }> {
  const counts = await Promise.all(
    limits.map(async ([key, max]) => ({ ...(await countAttempt(db, key, now, throttlePolicy.windowMs)), max })),
  );
  const waits = counts
    .filter((c) => c.attempts > c.max)
    .map((c) => Math.ceil((c.windowStartedAt.getTime() + throttlePolicy.windowMs - now.getTime()) / 1000));
  return { wait: Math.max(0, ...waits), attempts: counts.map((c) => c.attempts) };
}

const takeBack = (db: Db, limits: Limit[]) => Promise.all(limits.map(([key]) => uncountAttempt(db, key)));

/**
 * What the throttle says: `wait` 0 is go ahead; otherwise the seconds to wait. `twoFactorsMayPass`:
 * only the name's count is over, and this address has not failed in its window — the right
 * password with a valid code may pass; the attempt stays counted for the address until the
 * caller knows (`passedNameLock`, `refusedAtNameLock`, or a failed try that stays counted).
 */
export type Reservation = {
  wait: number;
  twoFactorsMayPass: boolean;
  /** The name's own count is over (a lock of the account's sign-in, whatever the address): the audit trail notes it. */
  nameLocked: boolean;
};

/**
 * Counts this attempt before the password is checked, and answers how many seconds the caller
 * must wait (0 = go ahead). Counting first is what makes the limits hold against parallel
 * requests; a refused attempt is then taken back, so that refusals never add up. With
 * `twoFactors` (a full sign-in), an attempt the name's count alone refuses, from an address
 * without failures, is left to the caller (`twoFactorsMayPass`).
 */
export async function reserveAttempt(
  db: Db,
  username: string,
  ip: string,
  options: { now?: Date; twoFactors?: boolean } = {},
): Promise<Reservation> {
  const now = options.now ?? new Date();
  const fromAddress = addressLimits(username, ip);
  const address = await count(db, fromAddress, now);
  if (address.wait > 0) {
    await takeBack(db, fromAddress);
    return { wait: address.wait, twoFactorsMayPass: false, nameLocked: false };
  }
  const forName: Limit[] = [[userKey(username), throttlePolicy.maxFailuresPerUser]];
  const name = await count(db, forName, now);
  if (name.wait > 0) {
    // This attempt is the address's only one in its window: it has not failed.
    const clean = address.attempts.every((n) => n === 1);
    await takeBack(db, options.twoFactors && clean ? forName : [...fromAddress, ...forName]);
    return { wait: name.wait, twoFactorsMayPass: Boolean(options.twoFactors) && clean, nameLocked: true };
  }
  return { wait: 0, twoFactorsMayPass: false, nameLocked: false };
}

/**
 * Through the name's lock with password and code: the address gets its attempt back; the name's
 * count stays, so that the real user signing in does not give guessers a new allowance.
 */
export async function passedNameLock(db: Db, username: string, ip: string): Promise<void> {
  await Promise.all([
    clearThrottle(db, userAndIpKey(username, ip)),
    uncountAttempt(db, ipKey(ip)),
    uncountAttempt(db, lockTriesKey(username)),
  ]);
}

/**
 * A try through the name's lock (password and code, from an address that has not failed): counted
 * under the name's own budget of such tries, so that fresh addresses cannot try without end. The
 * seconds to wait once it is spent (0: go ahead). Only a try that passes gives its count back
 * (`passedNameLock`); one that fails stays counted here and for the address.
 */
export async function reserveTryThroughNameLock(db: Db, username: string, ip: string, now = new Date()): Promise<number> {
  const { wait } = await count(db, [[lockTriesKey(username), throttlePolicy.maxTriesThroughNameLock]], now);
  if (wait > 0) await takeBack(db, [[lockTriesKey(username), 0], ...addressLimits(username, ip)]);
  return wait;
}

/** Not tried through the name's lock (no code was given): the address's attempt is taken back, as every refused one is. */
export async function refusedAtNameLock(db: Db, username: string, ip: string): Promise<void> {
  await takeBack(db, addressLimits(username, ip));
}

/** A successful sign-in clears the name's counts and gives the address its attempt back. */
export async function recordSuccess(db: Db, username: string, ip: string): Promise<void> {
  await Promise.all([
    clearThrottle(db, userAndIpKey(username, ip)),
    clearThrottle(db, userKey(username)),
    uncountAttempt(db, ipKey(ip)),
  ]);
}

/**
 * Takes this attempt back under every key: the password was right and the sign-in continues with
 * its second step, which counts on its own. Not a success: the counts of wrong codes stay.
 */
export async function releaseAttempt(db: Db, username: string, ip: string): Promise<void> {
  await Promise.all([userAndIpKey(username, ip), userKey(username), ipKey(ip)].map((key) => uncountAttempt(db, key)));
}
