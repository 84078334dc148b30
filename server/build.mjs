// Bundles the server into dist/: our own code and the contract inlined, npm packages left
// to node_modules (several are native: better-sqlite3, argon2, sharp).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The workspace's own packages (the contract is TypeScript source) are bundled, never external.
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@blitz/'));

await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts', 'build-sample-media': 'src/cli/build-sample-media.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server built into server/dist');

// The sample projects' pictures, rendered once here rather than on every first start.
const media = spawnSync(process.execPath, ['dist/build-sample-media.js', 'dist/sample-media'], { stdio: 'inherit' });
if (media.status !== 0) process.exit(media.status ?? 1);
