// npm start: builds what is not built yet, then runs the server (site and API on one port).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const has = (file) => fs.existsSync(path.join(root, file));

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!has('web/dist/client/pages/manifest.json')) run(['run', 'build', '-w', 'web']);
if (!has('server/dist/server.js')) run(['run', 'build', '-w', 'server']);

const server = await import(path.join(root, 'server/dist/server.js'));
void server;
