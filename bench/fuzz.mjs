// A longer fuzz run than CI's: the same property tests with more requests per route and a
// fresh seed each time (printed, so a failure can be replayed with FUZZ_SEED=...).
// Run: npm run bench -- fuzz   (set TEST_DATABASE_URL to include PostgreSQL)
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000_007);
const runs = process.env.FUZZ_RUNS ?? '500';
console.log(`fuzz: ${runs} requests per route, seed ${seed}`);
const result = spawnSync('npx', ['vitest', 'run', 'server/src/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
process.exitCode = result.status ?? 1;
