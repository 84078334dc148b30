// Measures cold start of the built server: process spawn → first answered request to `/`,
// on an empty data directory (migrations, admin, sample content) and on a used one.
// Run: npm run build && npm run bench -- startup   (not a CI gate)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'server/dist/server.js');

async function coldStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const ms = performance.now() - started;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return ms;
}

const runs = 5;
const results = { empty: [], used: [] };
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-bench-'));
  results.empty.push(await coldStart(dataDir));
  results.used.push(await coldStart(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`cold start to first answer, median of ${runs} (ms):`);
console.log(`  empty data directory (migrate, create admin, seed): ${median(results.empty).toFixed(0)}`);
console.log(`  existing data directory:                            ${median(results.used).toFixed(0)}`);
