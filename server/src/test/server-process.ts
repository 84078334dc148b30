import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseKind } from '../db/database';
import { freePort } from './free-port';
import { freshDatabase, tempDir, testAdmin, testDatabaseUrl } from './helper';

// The fault tests' server: a real process (its source, through tsx), that can be signalled or
// killed and started again on the same data.

/** A data directory, and on PostgreSQL a fresh schema, with the environment that points there. */
export async function serverProcessEnvironment(
  kind: DatabaseKind,
  extra: Record<string, string> = {},
): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = tempDir();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_PASSWORD: testAdmin.password,
    ...extra,
  };
  if (kind === 'postgres') {
    const handle = await freshDatabase('postgres', dataDir);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
    env['DATABASE_URL'] = `${testDatabaseUrl}?options=${encodeURIComponent(`-c search_path=${rows[0]!.schema}`)}`;
  }
  return { dataDir, env };
}

/** The server as `npm start` runs it (its source, through tsx), in a child process that can be killed. */
export async function startServerProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const serverRoot = path.resolve(import.meta.dirname, '../..');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_SAMPLE: 'false',
      SECOND_FACTOR: 'optional',
      CONTACT_MIN_FILL_SECONDS: '0',
      // No nightly backup at start (the backup tests cover it).
      BACKUP_HOUR: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${url}/api/v1/login/Verfy`, {
      method: 'POST',
      body: '{"JWT":"x"}',
      headers: { 'content-type': 'application/json' },
    }).then(
      (r) => r.status === 401,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output };
}

export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}
