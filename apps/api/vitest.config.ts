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
    // a time keep two cores busy.
    poolOptions: { forks: { maxForks: 3, minForks: 1 } },
    // Each file in a fresh module scope: with files sharing a worker (isolate: false) a run of
    // three forks ended in "Terminating worker thread" before every file reported, so the
    // packages without servers share workers and this suite does not.
    isolate: true,
  },
});
