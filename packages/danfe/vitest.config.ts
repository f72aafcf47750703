import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pages rendered at 300 dpi by pdftoppm and read by zbarimg take seconds each on a loaded
    // machine; vitest's 5 s default would fail them by the clock. Speed is bench/'s job.
    testTimeout: 60_000,
    // The files share no state: each worker loads the modules once for all its files instead of
    // once per file, which was half of this suite's CPU time.
    isolate: false,
    // One file at a time: the files render and decode 300-dpi pages with pdftoppm and zbarimg,
    // which take both cores; two such files at once pushed the 300-item sheet check past 60 s.
    fileParallelism: false,
  },
});
