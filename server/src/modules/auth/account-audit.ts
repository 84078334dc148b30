import type { Db } from '../../db/database';
import { type AuditActor, systemActor } from '../audit/audit-actor';
import { recordChange, recordedSince } from '../audit/audit.recorder';
import { findUserByName } from './users.repository';

// The accounts' entries in the audit trail (decision 036), built beside the users they name.

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
  if (await recordedSince(db, { action: 'signInLocked', kind: 'user', id: user.id }, since)) return;
  await recordChange(db, {
    action: 'signInLocked',
    kind: 'user',
    id: user.id,
    title: user.username,
    note: `more than ${limit} failed sign-ins within ${Math.round(windowMs / 60_000)} minutes: further tries wait`,
    actor: systemActor,
  });
}
