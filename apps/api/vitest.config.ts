import { defineConfig } from 'vitest/config';

/**
 * `npm test`'s part of the API: unit tests and integration tests (the API in process, or a few
 * processes of it, on real PostgreSQL and real HTTP). The product as operators and users run it
 * (test/system) and the heavy reliability runs (test/chaos) are `npm run test:system`.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['test/system/**', '**/node_modules/**'],
    globalSetup: ['test/helpers/global-postgres.ts'],
    // Real PostgreSQL, real HTTP and real concurrency: generous but bounded.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most of a file's time is waiting (HTTP, PostgreSQL, polls and deadlines), so three files at
    // a time keep two cores busy. Files share their fork's modules (isolate: false): importing the
    // API's graph again for each of ~100 files was 40 % of the suite's time. The three forks live
    // for the whole run (minForks = maxForks): with fewer kept, vitest 3's tinypool recycles the
    // forks after the last file and rejects with "Terminating worker thread" though every file
    // passed (vitest-dev/vitest#8564).
    poolOptions: { forks: { maxForks: 3, minForks: 3 } },
    isolate: false,
  },
});
