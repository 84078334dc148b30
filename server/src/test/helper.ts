import crypto from 'node:crypto';
import { customPageLinks } from '../modules/custom-pages/custom-pages.service';
import { newsVisible } from '../modules/news/news-reads';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type SiteLanguage, apiRoutes, apiUrl } from '@blitz/contract';
import { afterEach, inject } from 'vitest';
import { type AppOptions, buildApp } from '../app';
import type { SiteModule } from '../modules/registry/site-module';
import { siteModules } from '../site-modules';
import type { Site } from '../backup/backup';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { PageContent } from '../modules/pages/page-content';
import { createPageContents } from '../modules/site-texts/page-contents';
import { shippedTexts } from '../modules/site-texts/shipped-texts';
import { type TestS3, startS3Server } from './s3-server';

/** Every data-layer and API test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env['TEST_DATABASE_URL'];
export const databaseKinds: DatabaseKind[] = testDatabaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export type StorageKind = 'disk' | 's3';
export const storageKinds: StorageKind[] = ['disk', 's3'];

/** A database and a storage backend to run a test on. */
export type Backend = { db: DatabaseKind; storage: StorageKind; name: string };

/**
 * What the tests of storage, pictures, attachments, mail, faults and housekeeping run on: every
 * database and every storage backend at least once, without the whole product (the two do not
 * meet: SQL never sees an object, storage never sees a row).
 */
export const backends: Backend[] = (
  testDatabaseUrl
    ? [
        { db: 'sqlite', storage: 'disk' },
        { db: 'postgres', storage: 's3' },
      ]
    : [
        { db: 'sqlite', storage: 'disk' },
        { db: 'sqlite', storage: 's3' },
      ]
).map((b) => ({ ...(b as { db: DatabaseKind; storage: StorageKind }), name: `${b.db} with ${b.storage} storage` }));

/** A real S3 protocol server with an empty bucket, for this test (test/s3-server.ts). */
export async function testS3(): Promise<TestS3> {
  const s3 = await startS3Server(tempDir());
  cleanups.push(() => s3.stop());
  return s3;
}

/** The environment that puts the app's pictures and attachments on `storage`: DATA_DIR, or a fresh bucket. */
export async function storageEnv(storage: StorageKind): Promise<Record<string, string>> {
  return storage === 's3' ? (await testS3()).env : {};
}

export const testAdmin = { username: 'admin', password: 'correct horse battery staple' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Runs `cleanup` after the current test, before those registered earlier. */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-test-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Where a test's SQLite database lies in its data directory. */
const testSqliteFile = (dataDir: string) => path.join(dataDir, 'test.sqlite');

/** A fresh, empty database: a new SQLite file, or a new PostgreSQL schema dropped afterwards. */
export async function freshDatabase(kind: DatabaseKind, dataDir = tempDir()): Promise<DatabaseHandle> {
  if (kind === 'sqlite') {
    const handle = await openDatabase({ kind: 'sqlite', file: testSqliteFile(dataDir) });
    cleanups.push(() => handle.db.destroy());
    return handle;
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl! });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return postgresSchemaHandle(schema);
}

/** A pool on an existing PostgreSQL schema of this test's, which is dropped after it. */
async function postgresSchemaHandle(schema: string): Promise<DatabaseHandle> {
  const url = testDatabaseUrl!;
  const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
  cleanups.push(async () => {
    await handle.db.destroy();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  });
  return handle;
}

/**
 * A fresh database with this release's schema: a copy of the one migrated once per run
 * (test/migrated-templates.ts), or, where there is none, migrated anew. Its SQLite file is where
 * `startTestApp`'s backups look for it.
 */
export async function migratedDatabase(kind: DatabaseKind, dataDir = tempDir()): Promise<DatabaseHandle> {
  const templates = inject('migratedTemplates') ?? {};
  if (kind === 'sqlite' && templates.sqliteFile) {
    fs.copyFileSync(templates.sqliteFile, testSqliteFile(dataDir));
    return freshDatabase('sqlite', dataDir);
  }
  if (kind === 'postgres' && templates.postgresDump) {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl! });
    await admin.connect();
    await admin.query(templates.postgresDump.sql.replaceAll(templates.postgresDump.schema, schema));
    await admin.end();
    return postgresSchemaHandle(schema);
  }
  const handle = await freshDatabase(kind, dataDir);
  await migrateToLatest(handle.db);
  return handle;
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_PASSWORD: testAdmin.password,
    SEED_SAMPLE: 'false',
    // The tests of other features sign in with the password alone; second-factor.test.ts covers `required`.
    SECOND_FACTOR: 'optional',
    // Tests post inquiries without the form's token; the spam tests set a fill time of their own.
    CONTACT_MIN_FILL_SECONDS: '0',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // No backup at start; the backup tests turn it on.
    BACKUP_HOUR: 'off',
    ...env,
  });
}

/** What the app logged: the raw text (to look for what must not be there) and the parsed lines. */
export type CapturedLog = { text: () => string; lines: () => Record<string, any>[] };

export function captureLog(): { stream: Writable; log: CapturedLog } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, any>);
  return { stream, log: { text, lines } };
}

export type TestApp = { app: FastifyInstance; url: string; config: Config; database: DatabaseHandle; log: CapturedLog };

/**
 * The real app on a fresh database (and, for a backend with S3 storage, a fresh bucket), listening on a free port of the loopback interface. Its log
 * (level `info` unless LOG_LEVEL says otherwise) is kept in memory for the test to read.
 */
export async function startTestApp(
  on: DatabaseKind | Backend,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'clock' | 'scheduleMarginMs'> & {
    /** Modules of the test's own after the site's (a stand-in user of the file library). */
    extraModules?: readonly SiteModule[];
  } = {},
): Promise<TestApp> {
  const backend = typeof on === 'string' ? { db: on, storage: 'disk' as const } : on;
  const dataDir = tempDir();
  const database = await migratedDatabase(backend.db, dataDir);
  const config = testConfig(dataDir, { LOG_LEVEL: 'info', ...(await storageEnv(backend.storage)), ...env });
  const { stream, log } = captureLog();
  // The server's backups read the test's database: its SQLite file or PostgreSQL schema.
  const { rows } =
    backend.db === 'postgres'
      ? await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)
      : { rows: [] };
  const backupSite: Site = {
    dataDir,
    objectStorage: config.objectStorage,
    database: rows[0]
      ? { kind: 'postgres', url: testDatabaseUrl!, schema: rows[0].schema }
      : { kind: 'sqlite', file: testSqliteFile(dataDir) },
  };
  const { extraModules, ...appOptions } = options;
  const modules = extraModules ? [...siteModules, ...extraModules] : undefined;
  const app = await buildApp(config, { database, logStream: stream, backupSite, ...appOptions, ...(modules ? { modules } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, config, database, log };
}

/**
 * startTestApp for the tests of a file that share one site, where starting it is slow (the seeded
 * sample content renders its pictures): it stays up after each test, until the returned `close`,
 * which the file calls in its afterAll.
 */
export async function startSharedTestApp(
  on: DatabaseKind | Backend,
  env: Record<string, string> = {},
): Promise<TestApp & { close: () => Promise<void> }> {
  const before = cleanups.length;
  const started = await startTestApp(on, env);
  const own = cleanups.splice(before);
  return {
    ...started,
    close: async () => {
      while (own.length) await own.pop()!();
    },
  };
}

/** Whether the app's storage holds a media file (`/media/<key>` or the key alone), whatever visitors are told. */
export async function isStored(app: FastifyInstance, mediaUrl: string): Promise<boolean> {
  const object = await app.media.open(mediaUrl.replace(/^\/media\//, ''));
  object?.stream.destroy();
  return object !== undefined;
}

export async function api(
  base: string,
  method: string,
  route: string,
  options: { body?: unknown; raw?: string | Buffer; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let body = options.raw as BodyInit | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + route, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the caller reads `text`
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export async function signIn(base: string): Promise<string> {
  const res = await api(base, 'POST', apiUrl(apiRoutes.auth.login), { body: testAdmin });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body.jwtToken as string;
}

/**
 * A GET on a connection of its own that the server closes after the answer. For streamed
 * answers (files): the client may have every byte before the server has marked the response
 * finished, and a keep-alive connection caught in that moment keeps app.close() waiting.
 */
export function getOnce(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { ...headers, connection: 'close' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** What the public pages show now (published texts, company details), as the pages are rendered with. */
export async function shownContent(app: FastifyInstance, lang: SiteLanguage): Promise<PageContent> {
  return createPageContents(
    {
      ...app,
      siteUrl: app.config.siteUrl,
      pageLinks: customPageLinks,
      newsLinked: () => newsVisible({ db: app.db, contentReads: app.contentReads, config: app.config }, app.clock()),
    },
    shippedTexts(app.config.webDist, app.config.webLocales),
  ).published(lang);
}

/**
 * Two app instances on one fresh PostgreSQL schema (as behind a load balancer), listening; closed
 * with their second connection pool after the test.
 */
export async function twoInstancesOnOnePostgres(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'clock' | 'scheduleMarginMs'> = {},
): Promise<{ apps: FastifyInstance[]; urls: string[] }> {
  const dataDir = tempDir();
  const first = await migratedDatabase('postgres', dataDir);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db);
  const second = await openDatabase({ kind: 'postgres', url: testDatabaseUrl!, schema: rows[0]!.schema, poolSize: 4 });
  const apps: FastifyInstance[] = [];
  cleanups.push(async () => {
    for (const app of apps) await app.close();
    await second.db.destroy();
  });
  for (const database of [first, second]) {
    const app = await buildApp(testConfig(dataDir, env), { database, logger: false, ...options });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
  return { apps, urls: apps.map((app) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`) };
}
