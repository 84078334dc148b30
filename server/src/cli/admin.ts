// Each command's module is loaded when it runs: a migration command needs neither the backup's
// nor the accounts' code, and every command starts faster for it.
const backup = () => import('./backup-commands');
const importer = () => import('./import-commands');
const migrate = () => import('./migrate-commands');
const users = () => import('./user-commands');

const usage = `Usage:
  npm run admin -- set-password NAME          set (or create) NAME's password; read from the prompt or stdin
  npm run admin -- reset-second-factor NAME   turn off NAME's second factor (authenticator app and
                                              recovery codes both lost); NAME sets it up again
  npm run admin -- list-users                 every account: role, second factor, disabled, created, last sign-in
  npm run admin -- create-user NAME --role ROLE
                                              an account of ROLE (admin, editor, inbox, editorInbox) and its
                                              one-time sign-up link, printed (valid 72 hours)
  npm run admin -- disable-user NAME          NAME cannot sign in any more; their sign-ins end at once
  npm run admin -- enable-user NAME           NAME can sign in again
  npm run admin -- backup FILE                write a backup of the running site (database, pictures,
                                              attachments) to FILE, a .tar.gz, and read it back; see docs/backup.md
  npm run admin -- restore FILE               restore FILE into an empty database and DATA_DIR
  npm run admin -- restore --check FILE       read FILE as restore would, with no target: every row, size
                                              and checksum; exit code 1 unless all is whole
  npm run admin -- migrate status             the database's migrations: applied (when) and pending
  npm run admin -- migrate up                 apply the pending migrations (npm start does it too)
  npm run admin -- migrate down               undo the last applied migration, before starting an older release
  npm run admin -- import-wordpress FILE [--uploads DIR_OR_ZIP] [--dry-run]
                                              import WordPress's export FILE (Tools → Export): posts become
                                              draft projects with their pictures (from a copy of
                                              wp-content/uploads, a folder or a zip, else fetched from the old
                                              site), old addresses redirects; --dry-run writes nothing. Running
                                              it again creates nothing twice. See docs/decisions/054-wordpress-import.md
  npm run admin -- help

The commands but restore work on the database DATA_DIR or DATABASE_URL names, which must exist:
they never create one (npm start does); restore --check reads FILE alone. The account commands also refuse a database with
migrations pending.

The password must have at least 12 characters and must not be easy to guess (a common password,
or one made of the company's or the user's name). set-password, reset-second-factor and
disable-user sign NAME out everywhere. Reset a second factor only once you have made sure, as
when the account was given out, that the request comes from NAME. The last active admin
cannot be disabled.`;

/** Each command as typed: lower-case words literally, upper-case ones are its arguments. */
const commands: Record<string, (...args: string[]) => Promise<number>> = {
  'set-password NAME': async (name) => (await users()).setPasswordCommand(name!),
  'reset-second-factor NAME': async (name) => (await users()).resetSecondFactorCommand(name!),
  'list-users': async () => (await users()).listUsersCommand(),
  'create-user NAME --role ROLE': async (name, role) => (await users()).createUserCommand(name!, role!),
  'disable-user NAME': async (name) => (await users()).disableUserCommand(name!),
  'enable-user NAME': async (name) => (await users()).enableUserCommand(name!),
  'backup FILE': async (file) => (await backup()).backupCommand(file!),
  'restore FILE': async (file) => (await backup()).restoreCommand(file!),
  'restore --check FILE': async (file) => (await backup()).checkCommand(file!),
  'migrate status': async () => (await migrate()).migrateStatusCommand(),
  'migrate up': async () => (await migrate()).migrateUpCommand(),
  'migrate down': async () => (await migrate()).migrateDownCommand(),
  'import-wordpress FILE': async (file) => (await importer()).importWordpressCommand(file!, { dryRun: false }),
  'import-wordpress FILE --dry-run': async (file) => (await importer()).importWordpressCommand(file!, { dryRun: true }),
  'import-wordpress FILE --uploads DIR_OR_ZIP': async (file, uploads) =>
    (await importer()).importWordpressCommand(file!, { uploads, dryRun: false }),
  'import-wordpress FILE --uploads DIR_OR_ZIP --dry-run': async (file, uploads) =>
    (await importer()).importWordpressCommand(file!, { uploads, dryRun: true }),
  'import-wordpress FILE --dry-run --uploads DIR_OR_ZIP': async (file, uploads) =>
    (await importer()).importWordpressCommand(file!, { uploads, dryRun: true }),
};

function matchCommand(argv: string[]): (() => Promise<number>) | undefined {
  for (const [pattern, run] of Object.entries(commands)) {
    const words = pattern.split(' ');
    const isArgument = (word: string) => word === word.toUpperCase();
    if (words.length !== argv.length || !words.every((word, i) => isArgument(word) || word === argv[i])) continue;
    return () => run(...argv.filter((_, i) => isArgument(words[i]!)));
  }
  return undefined;
}

async function main(argv: string[]): Promise<number> {
  const command = matchCommand(argv);
  if (command) return command();
  process.stderr.write(`${usage}\n`);
  return argv[0] === 'help' || argv.length === 0 ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Ctrl+C at the password prompt.
    if (error instanceof Error && error.name === 'ExitPromptError') {
      process.stderr.write('Cancelled; nothing changed.\n');
      process.exit(130);
    }
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
