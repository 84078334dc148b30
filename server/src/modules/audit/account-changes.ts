import type { Db } from '../../db/database';
import type { AuditActor } from './audit-actor';
import { recordChange } from './audit.recorder';

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
