import { expect } from 'vitest';

import { EnvError, loadEnv } from '../../src/env.js';

/** The message loadEnv refuses `env` with; fails the test when it is accepted. */
export function envRefusal(env: Record<string, string>): string {
  try {
    loadEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}
