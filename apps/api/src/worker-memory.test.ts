import { describe, expect, it } from 'vitest';

import { workerExecArgv, workerMallocEnv } from './worker-memory.js';

describe('worker memory settings', () => {
  it('adds the V8 defaults to the primary flags', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=2',
      '--heap-growing-percent=30',
    ]);
  });

  it('keeps a value the operator chose, on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(workerExecArgv(['--max_semi_space_size=16'])).toEqual([
      '--max_semi_space_size=16',
      '--heap-growing-percent=30',
    ]);
    expect(workerExecArgv([], '--heap-growing-percent=50')).toEqual(['--max-semi-space-size=2']);
  });

  it('limits malloc arenas unless the operator set MALLOC_ARENA_MAX', () => {
    expect(workerMallocEnv({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerMallocEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({});
  });
});
