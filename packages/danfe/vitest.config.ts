import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Rendering at 300 dpi and reading back with pdftoppm/zbarimg: on a machine shared by many
    // jobs that takes far longer than vitest's 5 s default. Speed is bench/'s job, not a timeout's.
    testTimeout: 60_000,
  },
});
