import { defineConfig } from 'vitest/config';

/**
 * `npm run test:system`'s first part: the product as operators and users run it — `npm start` on
 * its embedded PostgreSQL, the Docker files, the packed SDK, the admin CLI, the README's examples,
 * the /docs page in a browser — and the fuzzer. Same global PostgreSQL as the main suite.
 */
export default defineConfig({
  test: {
    include: ['test/system/**/*.test.ts'],
    globalSetup: ['test/helpers/global-postgres.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
