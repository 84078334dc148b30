import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server on a free port and drives Debian's Chromium.
export default defineConfig({
  test: {
    // Grouped in public/, admin/ and journeys/ (README, Test it); matched anywhere, so a file
    // put elsewhere still runs rather than being left out unseen.
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time: a browser test mostly waits (for the server, for Chromium to paint), so
    // on CI's 2 cores two files overlap well: 47 files took 592 s instead of about 1,500 s one by
    // one. Each file has its own server, port, data directory and browser.
    maxWorkers: 2,
    // A second try for a browser test that a loaded CI machine stalls; a real defect fails both
    // tries, and the report names every retried test.
    retry: 1,
    // expect.poll waits as long as a Playwright locator does (vitest's own default is 1 s, which a
    // loaded machine's first opening of a dashboard tab outlasts).
    expect: { poll: { timeout: 30_000 } },
  },
});
