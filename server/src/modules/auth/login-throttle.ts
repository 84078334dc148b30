import type { Db } from '../../db/database';
import { clearThrottle, countAttempt, uncountAttempt } from './throttle.repository';

/**
 * Sign-in attempts counted per 15-minute window, kept in the database so that every instance
 * sharing one PostgreSQL counts the same attempts. Three counts, each with its own limit:
 *
 * - a name from one address (5): stops guessing at one account from one place;
 * - a name from anywhere (50): caps guessing spread over many addresses, and is high enough
 *   that one attacker cannot lock the real user out: the name's own count from the user's
 *   address is untouched by what other addresses send;
 * - an address for any name (20): stops one address trying many names (credential stuffing).
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

/**
 * Counts this attempt under each key before the password is checked, and answers how many
 * seconds the caller must wait (0 = go ahead). Counting first is what makes the limits hold
 * against parallel requests.
 */
export async function reserveAttempt(db: Db, username: string, ip: string, now = new Date()): Promise<number> {
  const limits: [string, number][] = [
    [userAndIpKey(username, ip), throttlePolicy.maxFailuresPerUserAndIp],
    [userKey(username), throttlePolicy.maxFailuresPerUser],
    [ipKey(ip), throttlePolicy.maxFailuresPerIp],
  ];
  const counts = await Promise.all(
    limits.map(async ([key, max]) => ({ ...(await countAttempt(db, key, now, throttlePolicy.windowMs)), max })),
  );
  const waits = counts
    .filter((c) => c.attempts > c.max)
    .map((c) => Math.ceil((c.windowStartedAt.getTime() + throttlePolicy.windowMs - now.getTime()) / 1000));
  return Math.max(0, ...waits);
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
