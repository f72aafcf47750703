import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // initdb and a server start take seconds, more on a busy machine.
    testTimeout: 60_000,
    // One fork, kept for the whole run, as in the API suite: vitest 3 recycling forks at the end
    // of a run can reject though every file passed (vitest-dev/vitest#8564). The files share no
    // state, and the second takes milliseconds.
    pool: 'forks',
    isolate: false,
    poolOptions: { forks: { minForks: 1, maxForks: 1 } },
  },
});
