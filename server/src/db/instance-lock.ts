import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Another server process already serves this data directory. */
export class InstanceLockedError extends Error {}

/**
 * Holds `DATA_DIR/site.lock` for this process: SQLite is the one-machine, one-instance default
 * (its caches of content and pages, the outbox and housekeeping assume nobody else writes the
 * file), so a second server on the same data directory must stop at start, not run beside the
 * first. The lock is SQLite's own exclusive file lock (POSIX fcntl) on a small file of its own,
 * taken by an open exclusive transaction that is never committed: the operating system ends it
 * with the process, however that ends, so a crash leaves no stale lock to clear by hand. The
 * database file itself stays open to others: `npm run admin` (backup, users) works beside the
 * running server. Returns the release, for a clean close.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'site.lock');
  // timeout 0: answer at once instead of waiting for the holder (better-sqlite3 waits 5 s by default).
  const lock = new SQLite(file, { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new InstanceLockedError(
        `another server is already running on DATA_DIR ${path.resolve(dataDir)} (SQLite serves one instance per data directory; for several instances use PostgreSQL, DATABASE_URL)`,
      );
    }
    throw error;
  }
  return () => lock.close();
}
