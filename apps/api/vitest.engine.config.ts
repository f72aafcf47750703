import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:engine`: the emission engine's policy (door, plan, scheduling) against in-memory
 * ports. They never open a connection, so no global PostgreSQL is started: they run in seconds on a
 * machine without one. The main suite runs them too.
 */
export default defineConfig({
  test: {
    include: ['test/engine/**/*.test.ts'],
  },
});
