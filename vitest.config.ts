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
    // This release's schema, migrated once per run; each API test's app starts on a copy of it.
    globalSetup: ['server/src/test/migrated-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Three files at a time: most of an API test's time is spent waiting (HTTP, the databases, mail
    // and storage servers), so on CI's 2 cores three overlap well: 499 s against two's 546, the
    // workers using 1.4 of the 2 cores (2026-11-29). Each file has its own databases (a fresh
    // SQLite file, a PostgreSQL schema of its own), ports and data directories.
    maxWorkers: 3,
  },
});
