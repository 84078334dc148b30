import type { Db } from '../../db/database';
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
 * adds at most 5 to it; it takes ten addresses guessing at once to make the real user wait.
 */
export const throttlePolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerUserAndIp: 5,
  maxFailuresPerUser: 50,
  maxFailuresPerIp: 20,
} as const;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const userAndIpKey = (username: string, ip: string) => `user-ip:${ip}:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

type Limit = [key: string, max: number];

/** Counts this attempt under the keys; the seconds to wait if one is over its limit (0: go ahead). */
async function count(db: Db, limits: Limit[], now: Date): Promise<number> {
  const counts = await Promise.all(
    limits.map(async ([key, max]) => ({ ...(await countAttempt(db, key, now, throttlePolicy.windowMs)), max })),
  );
  const waits = counts
    .filter((c) => c.attempts > c.max)
    .map((c) => Math.ceil((c.windowStartedAt.getTime() + throttlePolicy.windowMs - now.getTime()) / 1000));
  return Math.max(0, ...waits);
}

const takeBack = (db: Db, limits: Limit[]) => Promise.all(limits.map(([key]) => uncountAttempt(db, key)));

/**
 * Counts this attempt before the password is checked, and answers how many seconds the caller
 * must wait (0 = go ahead). Counting first is what makes the limits hold against parallel
 * requests; a refused attempt is then taken back, so that refusals never add up.
 */
export async function reserveAttempt(db: Db, username: string, ip: string, now = new Date()): Promise<number> {
  const fromAddress: Limit[] = [
    [userAndIpKey(username, ip), throttlePolicy.maxFailuresPerUserAndIp],
    [ipKey(ip), throttlePolicy.maxFailuresPerIp],
  ];
  const addressWait = await count(db, fromAddress, now);
  if (addressWait > 0) {
    await takeBack(db, fromAddress);
    return addressWait;
  }
  const forName: Limit[] = [[userKey(username), throttlePolicy.maxFailuresPerUser]];
  const nameWait = await count(db, forName, now);
  if (nameWait > 0) {
    await takeBack(db, [...fromAddress, ...forName]);
    return nameWait;
  }
  return 0;
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
