import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property runs, xmlsec1/xmllint processes and real TLS handshakes: on a machine shared by
    // many jobs they take far longer than vitest's 5 s default. Speed is bench/'s job, not a timeout's.
    testTimeout: 60_000,
    // The files share no state: each worker loads the modules once for all its files instead of
    // once per file, which was half of this suite's CPU time.
    isolate: false,
  },
});
