// The built server as `npm start` runs it, for the benchmarks that need one of their own: a free
// port, a fresh data directory, request logging off (LOG_LEVEL=warn), the server's errors on this
// terminal. SERVER (or the `entry` option) names another server.js. With `logFile`, its stdout (the JSON log, at the
// LOG_LEVEL in `env`) goes to that file instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.resolve(process.env.SERVER ?? path.join(root, 'server/dist/server.js'));

/** Starts it with `env` added, once it answers `GET /api/v1/Category`; `stop()` ends it and removes its data. */
export async function startBuiltServer(name, env = {}, { logFile, entry: server = entry } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `blitz-bench-${name}-`));
  const child = spawn(process.execPath, [server], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'w') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/v1/Category`)).ok) break;
    } catch {
      // not yet listening
    }
    if (i > 600 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    /** Resident memory in MB, from /proc. */
    rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
