import { defineConfig } from 'vitest/config';

export default defineConfig({
  // initdb and a server start take seconds, more on a busy machine.
  test: { testTimeout: 60_000 },
});
