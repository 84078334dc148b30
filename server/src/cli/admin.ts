import readline from 'node:readline';
import { loadConfig } from '../config';
import { backupCommand, restoreCommand } from './backup-commands';
import { type Db, openDatabase, sqliteFileIn } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { logout } from '../modules/auth/auth.service';
import { checkPasswordPolicy, hashPassword } from '../modules/auth/passwords';
import { disableSecondFactor } from '../modules/auth/second-factor.repository';
import { findUserByName, insertUser, updatePassword } from '../modules/auth/users.repository';

const usage = `Usage:
  npm run admin -- set-password NAME          set (or create) NAME's password; read from the prompt or stdin
  npm run admin -- reset-second-factor NAME   turn off NAME's second factor (authenticator app and
                                              recovery codes both lost); NAME sets it up again
  npm run admin -- backup FILE                write a backup of the running site (database, pictures,
                                              attachments) to FILE, a .tar.gz; see docs/backup.md
  npm run admin -- restore FILE               restore FILE into an empty database and DATA_DIR
  npm run admin -- help

The password must have at least 12 characters and must not be easy to guess (a common password,
or one made of the company's or the user's name). Either command signs NAME out everywhere.
Reset a second factor only once you have made sure, as when the account was given out, that the
request comes from NAME.`;

async function readPassword(): Promise<string> {
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stderr : undefined,
    terminal: process.stdin.isTTY,
  });
  if (!process.stdin.isTTY) {
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stderr.write(question);
      // Echo nothing while the password is typed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stderr.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('New password: ');
  const second = await ask('Repeat it:    ');
  rl.close();
  if (first !== second) throw new Error('The two passwords differ');
  return first;
}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const { db } = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: sqliteFileIn(config.dataDir) },
  );
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function setPassword(name: string): Promise<number> {
  loadConfig();
  const password = await readPassword();
  const problem = checkPasswordPolicy(password, name);
  if (problem) throw new Error(`Password ${problem}`);
  const hash = await hashPassword(password);
  const user = await withDatabase(async (db) => {
    const found = await findUserByName(db, name);
    if (found) await updatePassword(db, found.id, hash);
    else await insertUser(db, name, hash);
    return found;
  });
  process.stdout.write(user ? `Password of ${name} changed; earlier sign-ins are ended.\n` : `Admin ${name} created.\n`);
  return 0;
}

async function resetSecondFactor(name: string): Promise<number> {
  const found = await withDatabase(async (db) => {
    const user = await findUserByName(db, name);
    if (!user) return false;
    await disableSecondFactor(db, user.id);
    await logout(db, user.id);
    return true;
  });
  if (!found) throw new Error(`There is no user ${name}`);
  process.stdout.write(
    `Second factor of ${name} turned off; earlier sign-ins are ended. ${name} can set it up again in the dashboard.\n`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command === 'set-password' && name) return setPassword(name);
  if (command === 'reset-second-factor' && name) return resetSecondFactor(name);
  if (command === 'backup' && name) return backupCommand(name);
  if (command === 'restore' && name) return restoreCommand(name);
  process.stderr.write(`${usage}\n`);
  return command === 'help' || command === undefined ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
