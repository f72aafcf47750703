import { defineConfig } from 'vitest/config';

/**
 * `npm run test:system`'s second part (alone: `npm run test:chaos`): the heavy reliability runs
 * (process kill under load, database outage, the full-size fuzzer). Same global PostgreSQL as the
 * main suite; one file at a time, since each one loads both cores on its own.
 */
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.chaos.ts'],
    globalSetup: ['test/helpers/global-postgres.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 1, minForks: 1 } },
    fileParallelism: false,
  },
});
