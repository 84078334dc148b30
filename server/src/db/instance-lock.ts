import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { DatabaseUnavailableError } from './database';

/** Another server process already serves this data directory. */
export class InstanceLockedError extends Error {}

/** A schema-changing admin command met a running server (or another such command) on the same site. */
export class SiteInUseError extends Error {}

/** Who holds a SQLite site's lock, written beside it by the holder: for the refusal's message only. */
type LockHolder = { pid: number; holder: string };

const holderFile = (dataDir: string) => path.join(dataDir, 'site.lock.holder');

function readHolder(dataDir: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(holderFile(dataDir), 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/**
 * Holds `DATA_DIR/site.lock` for this process: SQLite is the one-machine, one-instance default
 * (its caches of content and pages, the outbox and housekeeping assume nobody else writes the
 * file), so a second server on the same data directory must stop at start, not run beside the
 * first. The lock is SQLite's own exclusive file lock (POSIX fcntl) on a small file of its own,
 * taken by an open exclusive transaction that is never committed: the operating system ends it
 * with the process, however that ends, so a crash leaves no stale lock to clear by hand. The
 * database file itself stays open to others: `npm run admin` (backup, users) works beside the
 * running server; the commands that change the schema (migrate up and down, restore) take this
 * same lock, so that they refuse while a server runs and a server does not start while they
 * work. `holder` (a server, or the admin command) is written beside it for the messages.
 * Returns the release, for a clean close.
 */
export function lockDataDir(dataDir: string, holder = 'server'): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'site.lock');
  // timeout 0: answer at once instead of waiting for the holder (better-sqlite3 waits 5 s by default).
  const lock = new SQLite(file, { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      const other = readHolder(dataDir);
      if (other && other.holder !== 'server') {
        throw new InstanceLockedError(
          `an admin command is changing this site (${other.holder}, pid ${other.pid}, DATA_DIR ${path.resolve(dataDir)}); start the server once it has finished`,
        );
      }
      throw new InstanceLockedError(
        `another server is already running on DATA_DIR ${path.resolve(dataDir)} (SQLite serves one instance per data directory; for several instances use PostgreSQL, DATABASE_URL)`,
      );
    }
    throw error;
  }
  try {
    fs.writeFileSync(holderFile(dataDir), JSON.stringify({ pid: process.pid, holder } satisfies LockHolder), { mode: 0o600 });
  } catch {
    // Only the messages of others lose the pid (a full disk, say); the lock holds.
  }
  return () => lock.close();
}

/**
 * The PostgreSQL site lock: a session-level advisory lock on (this namespace, the hash of the
 * schema's name), so that sites in other schemas of one database do not meet. Each running
 * server holds it shared; a schema-changing admin command takes it exclusively, and only if it is
 * free (decision 023).
 */
const lockNamespace = 0x626c6974; // 'blit'
const lockKey = `${lockNamespace}, hashtext(current_schema())`;

/** The shared lock of a running server, on a connection of its own, taken again if that connection drops. */
export type SharedSiteLock = { release(): Promise<void> };

type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };

export async function holdSharedSiteLock(url: string, log: Log, retryMs = 1000): Promise<SharedSiteLock> {
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  /** A connection still waiting for the lock (an admin command holds it): ended by a release. */
  let pending: pg.Client | undefined;

  async function take(): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on('error', () => {});
    pending = next;
    await next.connect();
    try {
      const { rows } = await next.query<{ ok: boolean }>(`select pg_try_advisory_lock_shared(${lockKey}) as ok`);
      if (!rows[0]?.ok) {
        log.warn({}, 'an admin command is changing the schema (npm run admin -- migrate/restore): waiting for it to finish');
        await next.query(`select pg_advisory_lock_shared(${lockKey})`);
      }
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    } finally {
      if (pending === next) pending = undefined;
    }
    if (released) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    // The lock goes with the connection: a lost one is taken again, so that admin commands keep refusing.
    next.once('end', () => {
      if (released || client !== next) return;
      client = undefined;
      log.warn({}, 'the connection holding the site lock was lost; taking the lock again');
      schedule();
    });
  }

  function schedule(): void {
    if (released) return;
    retry = setTimeout(() => {
      take().catch(() => schedule());
    }, retryMs);
    retry.unref();
  }

  await take();
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      // A server stopped while it waits for an admin command must not wait on.
      await pending?.end().catch(() => {});
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/**
 * Holds the site for a schema-changing admin command (`what`: "migrate down", "restore") until
 * the returned release, or refuses with one line naming what to stop: on SQLite the server's lock
 * on DATA_DIR, on PostgreSQL the running servers' shared lock. With no database file on SQLite
 * there is no site and nothing to hold (nor any file to leave behind), unless `create` (a restore
 * makes the site).
 */
export async function holdSiteExclusively(
  site: { databaseUrl: string | undefined; dataDir: string },
  what: string,
  { create = false }: { create?: boolean } = {},
): Promise<() => Promise<void>> {
  if (!site.databaseUrl) {
    if (!create && !fs.existsSync(path.join(site.dataDir, 'site.sqlite'))) return async () => {};
    try {
      const release = lockDataDir(site.dataDir, `npm run admin -- ${what}`);
      return async () => release();
    } catch (error) {
      if (!(error instanceof InstanceLockedError)) throw error;
      const other = readHolder(site.dataDir);
      const where = `DATA_DIR ${path.resolve(site.dataDir)}${other ? `, pid ${other.pid}` : ''}`;
      if (other && other.holder !== 'server') {
        throw new SiteInUseError(
          `another admin command is changing this site (${other.holder}, ${where}): wait for it before ${what}`,
        );
      }
      throw new SiteInUseError(`a server is running on this site (${where}): stop it before ${what}`);
    }
  }
  const client = new pg.Client({ connectionString: site.databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect().catch((error: unknown) => {
    throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL: ${(error as Error).message}`);
  });
  try {
    const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${lockKey}) as ok`);
    if (!rows[0]?.ok) {
      const { rows: holders } = await client.query<{ servers: number }>(
        `select count(*)::int as servers from pg_locks
          where locktype = 'advisory' and granted and mode = 'ShareLock'
            and database = (select oid from pg_database where datname = current_database())
            and classid = ${lockNamespace} and objid = hashtext(current_schema())::oid and objsubid = 2`,
      );
      const servers = holders[0]?.servers ?? 0;
      throw new SiteInUseError(
        servers > 0
          ? `a server is running on this site (PostgreSQL, ${servers} instance(s) connected): stop ${servers > 1 ? 'them all' : 'it'} before ${what}`
          : `another admin command is changing this site (PostgreSQL): wait for it before ${what}`,
      );
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return async () => {
    await client.end().catch(() => {});
  };
}
