import readline from 'node:readline';
import passwordPrompt from '@inquirer/password';
import { disableUser, enableUser, logout } from '../modules/auth/auth.service';
import { commandLineActor } from '../modules/audit/audit-actor';
import { recordAccount } from '../modules/auth/account-audit';
import { inTransaction } from '../db/transaction';
import { checkSitePasswordPolicy, hashPassword } from '../modules/auth/passwords';
import { disableSecondFactor } from '../modules/auth/second-factor.repository';
import { findUserByName, insertUser, listUsers, updatePassword } from '../modules/auth/users.repository';
import { type UserRole, userRoles } from '@blitz/contract';
import { loadConfig } from '../config';
import { deleteInvitation } from '../modules/accounts/accounts.repository';
import { createAccountFromCommandLine } from '../modules/accounts/accounts.service';
import { storedPublicOrigin } from '../modules/site-address/site-address.service';
import { formatTable, formatTime } from './format';
import { withSiteDatabase } from './site-database';
import { unassignAccount } from '../modules/inbox/inquiry-work';

/** From a hidden prompt, asked twice; piped in (scripts, tests): the first line of stdin. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  // stderr, so that stdout carries only the result.
  const context = { output: process.stderr };
  const first = await passwordPrompt({ message: 'New password:' }, context);
  const second = await passwordPrompt({ message: 'Repeat it:' }, context);
  if (first !== second) throw new Error('The two passwords differ');
  return first;
}

export async function setPasswordCommand(name: string): Promise<number> {
  // The database is checked before anyone types a password for it.
  const outcome = await withSiteDatabase(async (db) => {
    const found = await findUserByName(db, name);
    const password = await readPassword();
    const problem = await checkSitePasswordPolicy(db, password, found ?? { username: name });
    if (problem) throw new Error(`Password ${problem}`);
    const hash = await hashPassword(password);
    await inTransaction(db, async (trx) => {
      if (found) {
        await updatePassword(trx, found.id, hash);
        // A password set here makes an open invitation link useless: it stops working.
        await deleteInvitation(trx, found.id);
      } else await insertUser(trx, name, hash);
      const user = found ?? (await findUserByName(trx, name));
      if (user) await recordAccount(trx, found ? 'passwordReset' : 'create', user, commandLineActor);
    });
    return found ? (found.disabled ? 'changed-disabled' : 'changed') : 'created';
  });
  process.stdout.write(
    outcome === 'created'
      ? `Admin ${name} created.\n`
      : `Password of ${name} changed; earlier sign-ins are ended.\n` +
          (outcome === 'changed-disabled'
            ? `${name} is disabled: npm run admin -- enable-user ${name} lets them sign in.\n`
            : ''),
  );
  return 0;
}

export async function resetSecondFactorCommand(name: string): Promise<number> {
  const found = await withSiteDatabase(async (db) => {
    const user = await findUserByName(db, name);
    if (!user) return false;
    await inTransaction(db, async (trx) => {
      await disableSecondFactor(trx, user.id);
      await logout(trx, user.id);
      await recordAccount(trx, 'secondFactorReset', user, commandLineActor);
    });
    return true;
  });
  if (!found) throw new Error(`There is no user ${name}`);
  process.stdout.write(
    `Second factor of ${name} turned off; earlier sign-ins are ended. ${name} can set it up again in the dashboard.\n`,
  );
  return 0;
}

export async function listUsersCommand(): Promise<number> {
  const users = await withSiteDatabase((db) => listUsers(db));
  const rows = users.map((user) => [
    user.username,
    user.role,
    user.secondFactor ? 'on' : 'off',
    user.disabledAt ? `since ${formatTime(user.disabledAt)}` : 'no',
    formatTime(user.createdAt),
    formatTime(user.lastSignInAt, 'unknown'),
  ]);
  process.stdout.write(
    formatTable([['NAME', 'ROLE', 'SECOND FACTOR', 'DISABLED', 'CREATED (UTC)', 'LAST SIGN-IN (UTC)'], ...rows]),
  );
  return 0;
}

export async function disableUserCommand(name: string): Promise<number> {
  const outcome = await withSiteDatabase((db) =>
    disableUser(db, name, (trx, userId) => unassignAccount(trx, userId, null, commandLineActor)),
  );
  if (outcome === 'unknown') throw new Error(`There is no user ${name}`);
  if (outcome === 'last') {
    throw new Error(
      `${name} is the last active admin; make another account an admin first (create-user NAME --role admin, enable-user)`,
    );
  }
  process.stdout.write(
    outcome === 'disabled'
      ? `${name} is disabled: cannot sign in, and every sign-in of theirs has ended.\n`
      : `${name} was disabled already.\n`,
  );
  return 0;
}

export async function enableUserCommand(name: string): Promise<number> {
  const outcome = await withSiteDatabase((db) => enableUser(db, name));
  if (outcome === 'unknown') throw new Error(`There is no user ${name}`);
  process.stdout.write(outcome === 'enabled' ? `${name} can sign in again.\n` : `${name} was not disabled.\n`);
  return 0;
}

/** An account of ROLE waiting for its invitation; the one-time link is printed (valid 72 hours). */
export async function createUserCommand(name: string, role: string): Promise<number> {
  if (!(userRoles as readonly string[]).includes(role)) throw new Error(`ROLE must be one of ${userRoles.join(', ')}`);
  const { siteUrl } = loadConfig();
  const created = await withSiteDatabase((db) =>
    createAccountFromCommandLine(
      { db, origin: async () => (await storedPublicOrigin(db, siteUrl)).origin },
      name,
      role as UserRole,
    ),
  );
  process.stdout.write(
    `${role} ${name} created. Give them this link to choose their password (valid until ${formatTime(created.invitation.expiresAt)} UTC, once):\n` +
      `${created.invitation.url}\n`,
  );
  return 0;
}
