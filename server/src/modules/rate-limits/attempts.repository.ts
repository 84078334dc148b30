import { sql } from 'kysely';
import type { Db } from '../../db/database';

export type AttemptCount = { attempts: number; windowStartedAt: Date };

// Counts per key in fixed windows, kept in the database (the table is named for its first user,
// the sign-in throttle; the contact form's rate limit counts here too), so that every instance
// sharing one database counts the same attempts.

/**
 * Counts one more attempt under `key` in a single atomic statement, starting a new window when
 * the current one is older than `windowMs`. Atomic, so that a burst of parallel requests — to
 * one instance or to several — cannot all pass the check before any of them is counted.
 */
export async function countAttempt(db: Db, key: string, now: Date, windowMs: number): Promise<AttemptCount> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: nowIso, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.window_started_at < ${cutoff} then 1 else login_throttle.failures + 1 end`,
        window_started_at: sql<string>`case when login_throttle.window_started_at < ${cutoff} then ${nowIso} else login_throttle.window_started_at end`,
      }),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.failures), windowStartedAt: new Date(row.window_started_at) };
}

/** Takes back one counted attempt (a successful sign-in does not use up the address's budget). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Removes the counts whose window started before `before` (housekeeping); returns how many went. */
export async function deleteStaleAttempts(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('login_throttle').where('window_started_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
