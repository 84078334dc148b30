import { migrateDown, migrateToLatest, migrationStatus } from '../db/migrate';
import { formatTable, formatTime } from './format';
import { withSiteDatabase } from './site-database';

export async function migrateStatusCommand(): Promise<number> {
  const status = await withSiteDatabase((db) => migrationStatus(db), { pendingAllowed: true });
  const rows = status.map((m) => [
    m.name,
    !m.known ? 'applied by a newer release' : m.appliedAt ? 'applied' : 'pending',
    formatTime(m.appliedAt),
  ]);
  process.stdout.write(formatTable([['MIGRATION', 'STATE', 'APPLIED (UTC)'], ...rows]));
  const applied = status.filter((m) => m.known && m.appliedAt).length;
  const pending = status.filter((m) => !m.appliedAt).length;
  const newer = status.filter((m) => !m.known).length;
  process.stdout.write(`${applied} applied, ${pending} pending${newer ? `, ${newer} of a newer release` : ''}.\n`);
  return 0;
}

export async function migrateUpCommand(): Promise<number> {
  const applied = await withSiteDatabase((db) => migrateToLatest(db), { pendingAllowed: true, changesSchema: 'migrate up' });
  process.stdout.write(
    applied.length ? applied.map((name) => `Applied ${name}.\n`).join('') : 'Nothing to apply: the database is up to date.\n',
  );
  return 0;
}

export async function migrateDownCommand(): Promise<number> {
  const undone = await withSiteDatabase(
    async (db) => {
      const applied = (await migrationStatus(db)).filter((m) => m.appliedAt);
      // Undoing the first one would drop every table: that is a restore or a new DATA_DIR, not a downgrade.
      if (applied.length === 1 && applied[0]!.known) {
        throw new Error(`${applied[0]!.name} is the first migration and is not undone: it would remove every table`);
      }
      return migrateDown(db);
    },
    { pendingAllowed: true, changesSchema: 'migrate down' },
  );
  process.stdout.write(
    undone
      ? `Undid ${undone}. Start the release before it now; this release's npm start would apply it again.\n`
      : 'Nothing to undo.\n',
  );
  return 0;
}
