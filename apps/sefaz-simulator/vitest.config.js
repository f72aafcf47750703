'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
var config_1 = require('vitest/config');
exports.default = (0, config_1.defineConfig)({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/helpers/global-postgres.ts'],
    // A real simulator process, real PostgreSQL and real TLS: generous but bounded.
    testTimeout: 60000,
    hookTimeout: 120000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 1, minForks: 1 } },
  },
});
