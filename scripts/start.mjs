// npm start: builds what is missing or older than its sources (after a git pull), then runs the
// server (site and API on one port).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildParts, staleReason } from './lib/build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');

for (const part of ['web', 'server']) {
  const reason = staleReason(root, part);
  if (!reason) continue;
  console.log(`Building ${buildParts[part].label}: ${reason}.`);
  const result = spawnSync('npm', ['run', 'build', '-w', part], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = await import(path.join(root, 'server/dist/server.js'));
void server;
