import crypto from 'node:crypto';
import type { Db } from '../../db/database';

export type SessionRecord = { id: string; userId: number; lastSeenAt: Date; expiresAt: Date };

export async function createSession(db: Db, userId: number, now: Date, expiresAt: Date): Promise<string> {
  const id = crypto.randomBytes(16).toString('hex');
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: at, last_seen_at: at, expires_at: expiresAt.toISOString() })
    .execute();
  return id;
}

export async function findSession(db: Db, id: string): Promise<SessionRecord | undefined> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, lastSeenAt: new Date(row.last_seen_at), expiresAt: new Date(row.expires_at) };
}

/** The user's sessions still in use (not expired, not idle), the most recently used first. */
export async function listUserSessions(db: Db, userId: number, now: Date, idleMs: number) {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', new Date(now.getTime() - idleMs).toISOString())
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, lastSeenAt: row.last_seen_at }));
}

/** Ends one of the user's sessions; false if the user has none with that id. */
export async function deleteUserSession(db: Db, userId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Removes sessions past their expiry or unused for longer than the idle time. */
export async function deleteStaleSessions(db: Db, now: Date, idleMs: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb('last_seen_at', '<=', new Date(now.getTime() - idleMs).toISOString()),
      ]),
    )
    .execute();
}

/** Ends every sign-in of the user but `keepId` (the one making the request). */
export async function deleteOtherSessions(db: Db, userId: number, keepId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}
