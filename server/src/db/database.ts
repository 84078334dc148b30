import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseIntrospector,
  type DialectAdapter,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { CurrentSchemaIntrospector } from './current-schema-introspector';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseOptions =
  | { kind: 'sqlite'; file: string; /** Open an existing file only, never create one. */ mustExist?: boolean }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

export type DatabaseHandle = {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL: a new connection of its own, outside the pool, with the pool's settings (for LISTEN). */
  newClient?: () => pg.Client;
};

export class DatabaseUnavailableError extends Error {}

/** An existing database was asked for, and there is none at `location`. */
export class DatabaseMissingError extends Error {
  constructor(readonly location: string) {
    super(`no database at ${location}`);
  }
}

export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'site.sqlite');
}

/** Creates the data folder for its owner alone, and takes group and other rights off one that exists. */
function keepPrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  if (stat.uid === process.getuid?.() && (stat.mode & 0o077) !== 0) fs.chmodSync(dir, stat.mode & 0o700);
}

/**
 * Kysely's migration lock is one key for the whole database: sites in other schemas (and test
 * files, each in a schema of its own) waited for each other's migrations. Ours is per schema.
 */
export const migrationLockKey = sql`${sql.lit(0x6d696772)}, hashtext(current_schema())`; // 'migr'

class CurrentSchemaMigrationLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<any>): Promise<void> {
    // Waits up to an hour, as Kysely's own does, whatever lock_timeout the server sets.
    await sql`select set_config('lock_timeout', '3600000', true), pg_advisory_lock(${migrationLockKey})`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<any>): Promise<void> {
    await sql`select pg_advisory_unlock(${migrationLockKey})`.execute(db);
  }
}

/** PostgreSQL whose introspection and migration lock (and so Kysely's Migrator) see the connection's schema alone. */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }

  override createAdapter(): DialectAdapter {
    return new CurrentSchemaMigrationLockAdapter();
  }
}

/** Opens the database; for PostgreSQL, checks that it answers. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'sqlite') {
    if (options.mustExist) {
      if (!fs.existsSync(options.file)) throw new DatabaseMissingError(options.file);
    } else if (options.file !== ':memory:') keepPrivate(path.dirname(options.file));
    // fileMustExist also covers the file vanishing between the check and the open.
    const sqlite = new SQLite(options.file, { fileMustExist: options.mustExist ?? false });
    // The file holds password hashes, the signing key and every inquiry: the owner's alone
    // (SQLite gives its -wal and -shm files the same mode).
    if (options.file !== ':memory:' && !options.mustExist) fs.chmodSync(options.file, 0o600);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // FULL: a commit (an inquiry answered with 201) survives a power loss, not only a crash.
    sqlite.pragma('synchronous = FULL');
    // Reads from the file mapped into memory rather than copied per page: the inbox's count over a
    // million inquiries took a third of the time (docs/benchmarks.md). The pages stay the
    // operating system's cache, which it takes back when memory runs short.
    sqlite.pragma('mmap_size = 1073741824');
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite' };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  // Nor one in use: its query fails with the error (answered 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL: ${(error as Error).message}`);
  }
  const newClient = () =>
    new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
  return { db: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) }), kind: 'postgres', newClient };
}

export function nowIso(): string {
  return new Date().toISOString();
}
