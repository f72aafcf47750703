/**
 * Memory settings for the HTTP workers that the cluster primary forks (API_WORKERS > 1).
 *
 * Left to its defaults on a machine with plenty of RAM, V8 lets each worker's heap grow far beyond
 * what it keeps alive (about 25 MB of code, module sources and caches): the young generation to
 * 2 × 16 MB, and the old generation to up to 4 × the live size between full collections. With two
 * workers that made the API (primary + workers, VmRSS) use 400+ MiB under load. These defaults
 * keep it under 300 MB (see docs/operations.md) for a few percent more CPU spent in the GC.
 *
 * An operator who sets one of these flags on the command line (`node --max-semi-space-size=16
 * dist/main.js`, inherited by the workers) or in NODE_OPTIONS keeps their value.
 */
const WORKER_V8_DEFAULTS: readonly { flag: string; value: string }[] = [
  // Young generation of 2 × 2 MB instead of 2 × 16 MB. Emission requests allocate mostly
  // short-lived objects, which a small young generation still collects cheaply; the big strings
  // of a 990-item request (≈780 KB JSON, ≈700 KB XML) go to the large-object space either way.
  { flag: '--max-semi-space-size', value: '2' },
  // Start a full collection once the old generation has grown 30% past what survived the last
  // one, instead of V8's up-to-4× on large machines. No hard limit: unlike --max-old-space-size,
  // a burst of concurrent 990-item emissions can still use the memory it needs.
  { flag: '--heap-growing-percent', value: '30' },
];

/** V8 accepts `--max_semi_space_size` as well as `--max-semi-space-size`. */
const normalize = (text: string) => text.replaceAll('_', '-');

/** Node options for a worker: the primary's own, plus each default the operator did not set. */
export function workerExecArgv(primaryExecArgv: readonly string[], nodeOptions = ''): string[] {
  const chosen = normalize([...primaryExecArgv, nodeOptions].join(' '));
  const defaults = WORKER_V8_DEFAULTS.filter(({ flag }) => !chosen.includes(flag)).map(
    ({ flag, value }) => `${flag}=${value}`,
  );
  return [...primaryExecArgv, ...defaults];
}

/**
 * Environment for a worker's C library. glibc's malloc gives each thread that allocates its own
 * arena (up to 8 per core), and Node's threads (libuv pool, V8 compiler and GC helpers) leave
 * freed memory scattered over them; two arenas keep that fragmentation, and so RSS, down.
 * Read once at process start, which is why the primary sets it for the processes it forks.
 */
export function workerMallocEnv(primaryEnv: NodeJS.ProcessEnv): Record<string, string> {
  return primaryEnv.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: '2' };
}
