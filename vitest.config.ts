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
    // Two files at a time: most of an API test's time is spent waiting (HTTP, the databases, mail
    // and storage servers), so on CI's 2 cores two overlap well; each file has its own databases
    // (a fresh SQLite file, a PostgreSQL schema of its own), ports and data directories. Three
    // were faster (499 s against 546, one run each, 2026-11-29), but PostgreSQL then served three files' DDL at
    // once: migrate.test.ts's run beside other schemas took 16–29 s instead of 5.5, once over 30.
    maxWorkers: 2,
  },
});
