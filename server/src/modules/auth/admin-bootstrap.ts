import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../../config';
import type { Db } from '../../db/database';
import { checkSitePasswordPolicy, hashPassword } from './passwords';
import { getOrCreateSiteValue } from '../../db/site-values.repository';
import { countUsers, findUserByName, insertUser } from './users.repository';

export function randomPassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}

/** A first admin's name nobody can guess in advance (ASVS 6.3.2: no default account such as `admin`). */
function randomAdminName(): string {
  return `admin-${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD create that admin if absent; with no user at all and no
 * variables, an admin with a random name (`admin-` and 8 hex digits) and a random password is
 * created, and both are printed once.
 */
export async function ensureAdmin(
  db: Db,
  admin: { username: string; password: string } | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (admin) {
    if (await findUserByName(db, admin.username)) return;
    // Checked here, where it becomes a password; an existing user's is not touched (nor checked).
    const problem = await checkSitePasswordPolicy(db, admin.password, { username: admin.username });
    if (problem) throw new ConfigError(`Invalid environment variable ADMIN_PASSWORD: ${problem}`);
    await insertUser(db, admin.username, await hashPassword(admin.password));
    // The name stays out of the log (it may be a person's); the operator set it and knows it.
    log.info('created the admin user named in ADMIN_USERNAME');
    return;
  }
  if ((await countUsers(db)) > 0) return;
  // Several instances starting at once on one database: the first to claim the name creates the
  // account and prints it; the others leave it alone.
  const candidate = randomAdminName();
  const username = await getOrCreateSiteValue(db, 'first_admin_name', () => candidate);
  if (username !== candidate) return;
  const password = randomPassword();
  // Nobody chose it, and it passed through a console: it must be changed at the first sign-in.
  if (!(await insertUser(db, username, await hashPassword(password), { mustChangePassword: true }))) return;
  // Printed once, on the console rather than in structured logs that may be shipped elsewhere.
  process.stdout.write(
    `\n  Admin account created.\n  Name:     ${username}\n  Password: ${password}\n  (shown only now; the dashboard asks for a new one at the first sign-in)\n\n`,
  );
}
