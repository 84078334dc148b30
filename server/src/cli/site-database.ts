import { loadConfig } from '../config';
import { DatabaseMissingError, type Db, openDatabase, sqliteFileIn } from '../db/database';
import { holdSiteExclusively } from '../db/instance-lock';
import { hasMigrationTable, pendingMigrations } from '../db/migrate';

/** Where the configuration points, for messages: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseLocation(config: { databaseUrl: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return sqliteFileIn(config.dataDir);
  const url = new URL(config.databaseUrl);
  url.password = '';
  url.searchParams.delete('password');
  return url.toString();
}

/**
 * Runs `work` on the site's database. It must exist and have been migrated: the admin commands
 * never create one (a mistyped DATA_DIR would otherwise get a new, empty site). Unless
 * `pendingAllowed`, it must also carry every migration of this release and none of a newer one:
 * migrations are applied by `npm start` or `migrate up`, not as a side effect of another command.
 * With `changesSchema` (the command's words, "migrate down"), it holds the site for the command
 * and refuses while a server runs on it (db/instance-lock.ts).
 */
export async function withSiteDatabase<T>(
  work: (db: Db) => Promise<T>,
  { pendingAllowed = false, changesSchema }: { pendingAllowed?: boolean; changesSchema?: string } = {},
): Promise<T> {
  const config = loadConfig();
  if (changesSchema) {
    const release = await holdSiteExclusively(config, changesSchema);
    try {
      return await withSiteDatabase(work, { pendingAllowed });
    } finally {
      await release();
    }
  }
  const missing = new Error(
    `no site database at ${databaseLocation(config)}; start the site once (npm start) or check DATA_DIR / DATABASE_URL`,
  );
  let handle;
  try {
    handle = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
        : { kind: 'sqlite', file: sqliteFileIn(config.dataDir), mustExist: true },
    );
  } catch (error) {
    throw error instanceof DatabaseMissingError ? missing : error;
  }
  const { db } = handle;
  try {
    if (!(await hasMigrationTable(db))) throw missing;
    if (!pendingAllowed) {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) {
        throw new Error(
          `the database lacks migrations of this release (${pending.join(', ')}); start the site (npm start) or run npm run admin -- migrate up`,
        );
      }
    }
    return await work(db);
  } finally {
    await db.destroy();
  }
}
