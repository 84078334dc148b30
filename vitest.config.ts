import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser tests in e2e/ have their own config.
export default defineConfig({
  test: {
    include: [
      'contract/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/scripts/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time: most of an API test's time is spent waiting (HTTP, the databases, mail
    // and storage servers), so on CI's 2 cores two overlap well; each file has its own databases
    // (a fresh SQLite file, a PostgreSQL schema of its own), ports and data directories.
    maxWorkers: 2,
  },
});
