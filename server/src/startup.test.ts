import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, sqliteFileIn } from './db/database';
import { migrateToLatest } from './db/migrate';
import { databaseKinds, freshDatabase, tempDir, testDatabaseUrl } from './test/helper';

// The real entry point, run as a process: what an operator sees on a wrong setting.
const serverEntry = path.join(import.meta.dirname, 'server.ts');

function runServer(env: Record<string, string>): {
  child: ChildProcess;
  output: Promise<{ code: number | null; stderr: string; stdout: string }>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: tempDir(),
      SEED_SAMPLE: 'false',
      // No backup at start (the backup tests cover it).
      BACKUP_HOUR: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stdout += d));
  const output = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr, stdout })),
  );
  return { child, output };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitForAnswer(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('server did not answer');
}

describe('start-up of the server process', () => {
  it.each([
    [{ PORT: 'abc' }, /^Error: Invalid environment variable PORT: /],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /^Error: Invalid environment variable DATABASE_URL: /],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, /^Error: Cannot connect to PostgreSQL: /],
  ])('stops with one clear line and exit code 1 for %j', async (env, message) => {
    const { output } = runServer(env);
    const { code, stderr } = await output;
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('says so when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { output } = runServer({ PORT: String(port), ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a-long-enough-password' });
      const { code, stderr } = await output;
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`Error: Port ${port} is already in use; set PORT to another port`);
    } finally {
      blocker.close();
    }
  });

  it('prints a generated admin password once on the first start, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const first = runServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForAnswer(`http://127.0.0.1:${port}/api/v1/nothing`, first.child);
    first.child.kill('SIGTERM');
    const firstRun = await first.output;
    expect(firstRun.code).toBe(0);
    expect(firstRun.stdout).toMatch(/Name:\s+admin-[0-9a-f]{8}\n\s+Password:\s+\S{16,}/);

    const second = runServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForAnswer(`http://127.0.0.1:${port}/api/v1/nothing`, second.child);
    second.child.kill('SIGINT');
    const secondRun = await second.output;
    expect(secondRun.code).toBe(0);
    expect(secondRun.stdout).not.toMatch(/Password:/);
  });

  it.each(databaseKinds)('stops with one line on a %s database a newer release migrated', async (kind) => {
    const dataDir = tempDir();
    const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a-long-enough-password' };
    let database: DatabaseHandle;
    if (kind === 'sqlite') {
      // The server's own file in DATA_DIR; closed before the server opens it.
      database = await openDatabase({ kind: 'sqlite', file: sqliteFileIn(dataDir) });
    } else {
      database = await freshDatabase(kind, dataDir);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s;
      const url = new URL(testDatabaseUrl!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env['DATABASE_URL'] = url.toString();
    }
    await migrateToLatest(database.db);
    await sql`insert into kysely_migration (name, timestamp) values ('2026-12-01_x', ${new Date().toISOString()})`.execute(
      database.db,
    );
    if (kind === 'sqlite') await database.db.destroy();
    const { code, stderr } = await runServer(env).output;
    expect(stderr.trim()).toBe(
      'Error: the database was migrated by a newer release (2026-12-01_x); start that release or restore a backup',
    );
    expect(code).toBe(1);
  });
});
