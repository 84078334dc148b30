import type { Db } from '../../db/database';
import { clearThrottle, countAttempt, uncountAttempt } from './throttle.repository';

// Kept in the database, so that every instance sharing one PostgreSQL counts the same attempts.
export const throttlePolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerUser: 5,
  maxFailuresPerIp: 20,
} as const;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Counts this attempt for the name and the client address before the password is checked, and
 * answers how many seconds the caller must wait (0 = go ahead). Counting first is what makes
 * the limit hold against parallel requests.
 */
export async function reserveAttempt(db: Db, username: string, ip: string, now = new Date()): Promise<number> {
  const counts = await Promise.all([
    countAttempt(db, userKey(username), now, throttlePolicy.windowMs).then((c) => ({
      ...c,
      max: throttlePolicy.maxFailuresPerUser,
    })),
    countAttempt(db, ipKey(ip), now, throttlePolicy.windowMs).then((c) => ({ ...c, max: throttlePolicy.maxFailuresPerIp })),
  ]);
  const waits = counts
    .filter((c) => c.attempts > c.max)
    .map((c) => Math.ceil((c.windowStartedAt.getTime() + throttlePolicy.windowMs - now.getTime()) / 1000));
  return Math.max(0, ...waits);
}

/** A successful sign-in clears the name's count and gives the address its attempt back. */
export async function recordSuccess(db: Db, username: string, ip: string): Promise<void> {
  await Promise.all([clearThrottle(db, userKey(username)), uncountAttempt(db, ipKey(ip))]);
}
