import type { Db } from '../../db/database';
import { type AuditActor, systemActor } from './audit-actor';
import { recordChange } from './audit.recorder';
import { findUserByName } from '../auth/users.repository';

/** The operator at the server's command line (npm run admin -- …). */
export const commandLineActor: AuditActor = { id: null, name: 'command line' };

/**
 * An account's sign-in event that matters (a password or second factor changed, reset, an
 * account disabled): the account by id and name, never a password, code or token.
 */
export async function recordAccount(
  trx: Db,
  action: string,
  user: { id: number; username: string },
  actor?: AuditActor,
): Promise<void> {
  await recordChange(trx, { action, kind: 'user', id: user.id, title: user.username, ...(actor ? { actor } : {}) });
}

/**
 * An account whose sign-in the throttle has locked (more failed attempts from anywhere than the
 * name's limit within its window): recorded once per window and account, so that guessing cannot
 * fill the trail; a name without an account records nothing.
 */
export async function recordSignInLock(db: Db, username: string, limit: number, windowMs: number): Promise<void> {
  const user = await findUserByName(db, username);
  if (!user) return;
  const since = new Date(Date.now() - windowMs).toISOString();
  const recorded = await db
    .selectFrom('audit_log')
    .select('id')
    .where('item_kind', '=', 'user')
    .where('item_id', '=', String(user.id))
    .where('action', '=', 'signInLocked')
    .where('at', '>=', since)
    .executeTakeFirst();
  if (recorded) return;
  await recordChange(db, {
    action: 'signInLocked',
    kind: 'user',
    id: user.id,
    title: user.username,
    note: `more than ${limit} failed sign-ins within ${Math.round(windowMs / 60_000)} minutes: further tries wait`,
    actor: systemActor,
  });
}
