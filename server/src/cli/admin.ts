import readline from 'node:readline';
import { loadConfig } from '../config';
import { openDatabase, sqliteFileIn } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { checkPasswordPolicy, hashPassword } from '../modules/auth/passwords';
import { findUserByName, insertUser, updatePassword } from '../modules/auth/users.repository';

const usage = `Usage:
  npm run admin -- set-password NAME    set (or create) NAME's password; read from the prompt or stdin
  npm run admin -- help

The password must have at least 12 characters and must not be easy to guess (a common password,
or one made of the company's or the user's name). Setting it signs NAME out everywhere.`;

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

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'set-password' || !name) {
    process.stderr.write(`${usage}\n`);
    return command === 'help' || command === undefined ? 0 : 2;
  }
  const config = loadConfig();
  const password = await readPassword();
  const problem = checkPasswordPolicy(password, name);
  if (problem) throw new Error(`Password ${problem}`);
  const { db } = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: sqliteFileIn(config.dataDir) },
  );
  try {
    await migrateToLatest(db);
    const hash = await hashPassword(password);
    const user = await findUserByName(db, name);
    if (user) await updatePassword(db, user.id, hash);
    else await insertUser(db, name, hash);
    process.stdout.write(user ? `Password of ${name} changed; earlier sign-ins are ended.\n` : `Admin ${name} created.\n`);
  } finally {
    await db.destroy();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
