// npm run bench: runs every benchmark in this folder one after another (never part of npm test).
// Each prints its figures; docs/benchmarks.md records them. Build first: npm run build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv[2];
for (const file of fs.readdirSync(dir).sort()) {
  if (!file.endsWith('.mjs') || file === 'run.mjs' || (only && !file.includes(only))) continue;
  console.log(`\n=== ${file} ===`);
  spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
}
