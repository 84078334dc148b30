import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

// The unit and API tests' global setup: this release's schema, migrated once per run, which each
// test's app copies instead of migrating anew. Migrating was most of an app's start (about 100 ms
// on SQLite, 260 on PostgreSQL, of 170 and 360); a copy of the file takes a few, and a PostgreSQL
// schema replayed from its dump about half (105–134 ms). The migrations themselves stay tested:
// db/migrate.test.ts and the migrations' own tests start from empty databases.

/** Where a test finds the templates (vitest's `inject`); a missing one means "migrate anew". */
export type MigratedTemplates = { sqliteFile?: string; postgresDump?: { sql: string; schema: string } };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-test-templates-'));
  const sqliteFile = path.join(dir, 'migrated.sqlite');
  const sqlite = await openDatabase({ kind: 'sqlite', file: sqliteFile });
  await migrateToLatest(sqlite.db);
  // Closing the last connection checkpoints the write-ahead log into the file.
  await sqlite.db.destroy();
  const postgresDump = await dumpMigratedPostgres();
  project.provide('migratedTemplates', { sqliteFile, ...(postgresDump ? { postgresDump } : {}) });
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A migrated schema as pg_dump writes it (tables, triggers, functions, the migration rows); undefined without PostgreSQL or pg_dump. */
async function dumpMigratedPostgres(): Promise<MigratedTemplates['postgresDump']> {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) return undefined;
  const schema = `t_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
    const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 1 });
    await migrateToLatest(handle.db);
    await handle.db.destroy();
    const dump = execFileSync('pg_dump', [`--schema=${schema}`, '--inserts', '--no-owner', '--no-privileges', url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // psql's own meta-commands (\restrict since PostgreSQL 15.14) are no SQL for the server.
    const sql = dump
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    return { sql, schema };
  } catch (error) {
    console.warn(`migrated-templates: PostgreSQL tests migrate each database anew (${(error as Error).message})`);
    return undefined;
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await admin.end();
  }
}
