import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle, DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';
import { until } from '../contact/contact.test-kit';
import { writeFakePages } from '../../test/fake-web-build';
import { freePort } from '../../test/free-port';
import { api, captureLog, databaseKinds, tempDir, testConfig, testDatabaseUrl, testS3 } from '../../test/helper';
import { connectS3 } from '../../storage/s3';
import { relayedPostgres } from '../../test/tcp-proxy';
import { migrateDown, migrateToLatest } from '../../db/migrate';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
});

/**
 * SQLite has no server that can stop: what the app can lose is its connection to the file. The
 * app gets a connection the test can close under it (every query then fails, as on a lost handle)
 * and later replace with a new one to the same file (the database is back).
 */
function replaceableSqlite(file: string) {
  const connect = () => {
    const connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    return connection;
  };
  let current = connect();
  const database = new Proxy({} as SQLite.Database, {
    get(_target, name) {
      const value: unknown = Reflect.get(current, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
  const handle: DatabaseHandle = { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), kind: 'sqlite' };
  return {
    handle,
    lose: async () => current.close(),
    restore: async () => {
      current = connect();
    },
  };
}

/** PostgreSQL behind a TCP relay the test can cut (stopped), hang (not answering) and restore. */
async function relayedDatabase(dataDir: string) {
  const { relayed, proxy } = await relayedPostgres(dataDir);
  return { handle: relayed, proxy, lose: () => proxy.cut(), restore: () => proxy.restore() };
}

/** The app with a web build (fake pages and an assets folder), its database replaceable or relayed. */
async function startApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const dataDir = tempDir();
  const webDist = path.join(dataDir, 'web');
  writeFakePages(webDist, (page, lang) => `<!doctype html><title>${page} ${lang}</title>`);
  fs.mkdirSync(path.join(webDist, 'assets'));
  const database = kind === 'sqlite' ? replaceableSqlite(path.join(dataDir, 'site.sqlite')) : await relayedDatabase(dataDir);
  if (kind === 'sqlite') closing.push(() => database.handle.db.destroy());
  const { stream, log } = captureLog();
  // Storage probed at every evaluation (not once a minute), unless a test says otherwise.
  // An empty value in `env` leaves the setting unset.
  const settings = Object.entries({ METRICS_TOKEN: metricsToken, READY_STORAGE_PROBE_MS: '1000', ...env }).filter(([, v]) => v);
  const config = testConfig(dataDir, { WEB_DIST: webDist, LOG_LEVEL: 'info', ...Object.fromEntries(settings) });
  const app = await buildApp(config, { database: database.handle, logStream: stream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closing.push(() => app.close());
  const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  return { app, url, dataDir, webDist, database, log };
}

const metricsToken = 'the-metrics-token-of-the-tests';

/** /readyz with the metrics token: the checks' details. */
const ready = (url: string) => api(url, 'GET', '/readyz', { token: metricsToken });

/** Polls /readyz until it answers `status` (a result is reused for a second), and answers that. */
async function readyzUntil(url: string, status: number) {
  return until(async () => {
    const res = await ready(url);
    return res.status === status ? res : undefined;
  }, 10_000);
}

describe.each(databaseKinds)('health and readiness on %s', (kind) => {
  it('/healthz answers 200 while the process serves, whatever its dependencies do; never cached', async () => {
    const { url, database } = await startApp(kind);
    await database.lose();
    const res = await api(url, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    await database.restore();
  });

  it('/readyz: 200 with every check passed; 503 naming the database while it is away; 200 again when it is back', async () => {
    const { url, database, dataDir, log } = await startApp(kind);
    const ok = await ready(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.body).toEqual({
      status: 'ok',
      failing: [],
      checks: {
        database: { ok: true },
        schema: { ok: true },
        storage: { ok: true },
        webBuild: { ok: true },
        outbox: { ok: true, oldestDueAgeSeconds: null },
        contentVersion: { ok: true, source: kind === 'sqlite' ? 'own-writes' : 'notifications' },
      },
    });
    // Never rate limited: a probe every few hundred milliseconds, or a burst, is answered.
    const burst = await Promise.all(Array.from({ length: 30 }, () => ready(url)));
    expect(burst.map((r) => r.status)).toEqual(Array(30).fill(200));

    await database.lose();
    const down = await readyzUntil(url, 503);
    expect(down.headers.get('content-type')).toMatch(/^application\/json/);
    expect(down.body.status).toBe('fail');
    expect(down.body.failing).toEqual(['database', 'schema', 'outbox']);
    expect(down.body.checks.database).toEqual({ ok: false, reason: 'error' });
    expect(down.body.checks.storage).toEqual({ ok: true });
    // No error text, address or path of the machine in the public answer; the log has the details.
    expect(down.text).not.toMatch(/connection|ECONN|127\.0\.0\.1|sqlite|postgres/i);
    expect(down.text).not.toContain(dataDir);
    expect(log.lines().some((l) => l['msg'] === 'not ready' && l['failing']?.includes('database'))).toBe(true);

    await database.restore();
    const back = await readyzUntil(url, 200);
    expect(back.body.status).toBe('ok');
  });

  it('/readyz: 503 while storage takes no writes (public media or attachments), 200 once it does', async () => {
    const { url, dataDir } = await startApp(kind);
    expect((await ready(url)).status).toBe(200);

    // Tests run as root, whom chmod does not stop, and a read-only mount needs privileges a test
    // should not have: a file where the folder should be makes every write under it fail for any
    // user (ENOTDIR/EEXIST), as a read-only or vanished file system does.
    const media = path.join(dataDir, 'media');
    fs.rmSync(media, { recursive: true, force: true });
    fs.writeFileSync(media, 'not a folder');
    const noMedia = await readyzUntil(url, 503);
    expect(noMedia.body.failing).toEqual(['storage']);
    expect(noMedia.body.checks.storage).toEqual({ ok: false, reason: 'error' });
    fs.rmSync(media);
    await readyzUntil(url, 200);

    const incoming = path.join(dataDir, 'inquiries', '.incoming');
    fs.renameSync(incoming, `${incoming}-away`);
    fs.writeFileSync(incoming, 'not a folder');
    expect((await readyzUntil(url, 503)).body.failing).toEqual(['storage']);
    fs.rmSync(incoming);
    fs.renameSync(`${incoming}-away`, incoming);
    await readyzUntil(url, 200);
    // The probes leave nothing behind.
    expect(fs.readdirSync(media)).toEqual(['.incoming']);
    expect(fs.readdirSync(path.join(media, '.incoming'))).toEqual([]);
    expect(fs.readdirSync(incoming)).toEqual([]);
  });

  it('/readyz: 503 while the S3 endpoint does not answer, 200 once it does; nothing of storage on this disk', async () => {
    const s3 = await testS3();
    const { url, dataDir } = await startApp(kind, s3.env);
    expect((await ready(url)).status).toBe(200);
    await s3.stop();
    const down = await readyzUntil(url, 503);
    expect(down.body.failing).toEqual(['storage']);
    expect(down.body.checks.storage).toEqual({ ok: false, reason: 'error' });
    await s3.start();
    await readyzUntil(url, 200);
    expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'inquiries'))).toBe(false);
    // The probes leave nothing behind in the bucket either.
    const { client } = await connectS3(s3.settings);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    client.destroy();
    expect(listed.Contents ?? []).toEqual([]);
  });

  it('/readyz: 503 without the web build, 200 once it is there', async () => {
    const { url, webDist } = await startApp(kind);
    expect((await ready(url)).status).toBe(200);
    fs.renameSync(webDist, `${webDist}-away`);
    const missing = await readyzUntil(url, 503);
    expect(missing.body.failing).toEqual(['webBuild']);
    expect(missing.body.checks.webBuild).toEqual({ ok: false, reason: 'missing' });
    fs.renameSync(`${webDist}-away`, webDist);
    // A build whose manifest names a page that is not there is not whole either.
    fs.rmSync(path.join(webDist, 'pages', 'en', 'home.html'));
    expect((await readyzUntil(url, 503)).body.failing).toEqual(['webBuild']);
  });

  it('/readyz: 503 when the oldest due mail has waited longer than READY_OUTBOX_MAX_AGE_MS (the outbox is stuck)', async () => {
    const { url, app } = await startApp(kind, { READY_OUTBOX_MAX_AGE_MS: '60000' });
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    // Due for two minutes, and claimed by an instance that died: no sender here may take it yet.
    const row = await app.db
      .insertInto('mail_outbox')
      .values({
        kind: 'inquiry',
        status: 'pending',
        attempts: 0,
        next_attempt_at: minutesAgo(2),
        created_at: minutesAgo(2),
        lease_until: inAnHour,
        lease_owner: 'a-dead-instance',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stuck = await readyzUntil(url, 503);
    expect(stuck.body.failing).toEqual(['outbox']);
    expect(stuck.body.checks.outbox).toEqual({ ok: false, reason: 'stuck', oldestDueAgeSeconds: expect.any(Number) });
    expect(stuck.body.checks.outbox.oldestDueAgeSeconds).toBeGreaterThanOrEqual(119);
    expect(stuck.body.checks.outbox.oldestDueAgeSeconds).toBeLessThan(140);

    // Due for less than the limit: waiting, not stuck.
    await app.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: minutesAgo(0.5) })
      .where('id', '=', row.id)
      .execute();
    const waiting = await readyzUntil(url, 200);
    expect(waiting.body.checks.outbox.oldestDueAgeSeconds).toBeGreaterThanOrEqual(29);
  });

  it('/readyz: ClamAV is asked for PING only where CLAMD_URL is set', async () => {
    const daemon = net.createServer((socket) =>
      socket.once('data', (data) => socket.end(data.toString() === 'zPING\0' ? 'PONG\0' : 'UNKNOWN COMMAND\0')),
    );
    await new Promise<void>((resolve) => daemon.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => daemon.close(resolve)));
    const answering = await startApp(kind, { CLAMD_URL: `tcp://127.0.0.1:${(daemon.address() as net.AddressInfo).port}` });
    const ok = await ready(answering.url);
    expect(ok.status).toBe(200);
    expect(ok.body.checks.clamd).toEqual({ ok: true });

    const absent = await startApp(kind, { CLAMD_URL: `tcp://127.0.0.1:${await freePort()}` });
    const down = await ready(absent.url);
    expect(down.status).toBe(503);
    expect(down.body.failing).toEqual(['clamd']);
    expect(down.body.checks.clamd).toEqual({ ok: false, reason: 'error' });
  });

  it('/readyz without the metrics token: the status and the failing checks’ names, no details', async () => {
    const absent = await startApp(kind, { CLAMD_URL: `tcp://127.0.0.1:${await freePort()}` });
    const open = await api(absent.url, 'GET', '/readyz');
    expect(open.status).toBe(503);
    expect(open.headers.get('cache-control')).toBe('no-store');
    // Neither how long the oldest mail has waited, nor why a check failed.
    expect(open.body).toEqual({ status: 'fail', failing: ['clamd'] });
    // A wrong token gets the same, and is a security event; the right one the details.
    const wrong = await api(absent.url, 'GET', '/readyz', { token: 'not-the-metrics-token' });
    expect(wrong.body).toEqual({ status: 'fail', failing: ['clamd'] });
    expect(absent.log.lines().some((l) => l['security']?.event === 'token_rejected' && l['security']?.route === '/readyz')).toBe(
      true,
    );
    expect((await ready(absent.url)).body.checks.clamd).toEqual({ ok: false, reason: 'error' });

    const { url } = await startApp(kind);
    expect(await api(url, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ok', failing: [] } });
    expect((await api(url, 'GET', '/readyz')).text).toBe('{"status":"ok","failing":[]}');
  });

  it('/readyz: the storage probe (a write and a delete per store) runs at most once per READY_STORAGE_PROBE_MS', async () => {
    const { url, app, dataDir } = await startApp(kind, { READY_STORAGE_PROBE_MS: '60000' });
    const puts = { media: 0, attachments: 0 };
    for (const store of ['media', 'attachments'] as const) {
      const put = app[store].put.bind(app[store]);
      app[store].put = (...args: Parameters<typeof put>) => {
        puts[store]++;
        return put(...args);
      };
    }
    expect((await ready(url)).status).toBe(200);
    expect(puts).toEqual({ media: 1, attachments: 1 });
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the reuse of the whole answer
      expect((await ready(url)).status).toBe(200);
    }
    expect(puts).toEqual({ media: 1, attachments: 1 });
    // The price: storage that breaks is seen at the next probe, within the interval.
    const media = path.join(dataDir, 'media');
    fs.rmSync(media, { recursive: true, force: true });
    fs.writeFileSync(media, 'not a folder');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ready(url)).status).toBe(200);
    fs.rmSync(media);
  });

  it('/readyz: 503 naming the schema once its migrations are not this release’s (after a migrate down), 200 when they are', async () => {
    const { url, app } = await startApp(kind);
    expect((await ready(url)).status).toBe(200);
    await migrateDown(app.db);
    const down = await readyzUntil(url, 503);
    expect(down.body.failing).toEqual(['schema']);
    expect(down.body.checks.schema).toEqual({ ok: false, reason: 'mismatch' });
    expect(await api(url, 'GET', '/readyz')).toMatchObject({ body: { status: 'fail', failing: ['schema'] } });
    await migrateToLatest(app.db);
    await readyzUntil(url, 200);
    // A newer release migrated past this one (a rolling upgrade): this instance keeps serving meanwhile.
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01_from-the-future', ${new Date().toISOString()})`.execute(
      app.db,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ready(url)).status).toBe(200);
  });

  it('the operations paths are never redirected like unknown pages; /metrics without METRICS_TOKEN is a 404', async () => {
    const { url } = await startApp(kind, { METRICS_TOKEN: '' });
    for (const route of ['/metrics', '/Metrics', '/metrics/']) {
      const res = await api(url, 'GET', route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toMatch(/^application\/problem\+json/);
    }
    expect((await api(url, 'GET', '/READYZ')).status).toBe(200);
    expect((await api(url, 'POST', '/readyz')).status).toBe(404);
  });
});

describe.runIf(testDatabaseUrl)('readiness with PostgreSQL not answering', () => {
  it('answers 503 within about two seconds, and 200 once the database answers again', async () => {
    const { url, database } = await startApp('postgres');
    expect((await ready(url)).status).toBe(200);
    const { proxy } = database as Awaited<ReturnType<typeof relayedDatabase>>;
    proxy.hang();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the reuse of the last result
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const res = await ready(url);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.status).toBe(503);
      expect(res.body.checks.database).toEqual({ ok: false, reason: 'timeout' });
    }
    await proxy.cut();
    await proxy.restore();
    await readyzUntil(url, 200);
  });
});
