import { describe, expect, it } from 'vitest';

import { MAX_BACKOFF_MS } from './backoff.js';
import { failedAttempt } from './attempt-result.js';

describe('failedAttempt', () => {
  it('backs off with the attempt, like an unanswered call, up to the cap', () => {
    const fault = new Error('master key d50bea1337ff82f0 is not configured');
    const first = failedAttempt(fault, 1, 2_000);
    expect(first).toMatchObject({ kind: 'later', error: fault.message });
    expect(first.delayMs).toBeGreaterThanOrEqual(1_000);
    expect(first.delayMs).toBeLessThanOrEqual(2_000);
    // The tenth try of a lasting fault waits minutes, not the base's two seconds.
    expect(failedAttempt(fault, 10, 2_000).delayMs).toBeGreaterThanOrEqual(MAX_BACKOFF_MS / 2);
    expect(failedAttempt(fault, 50, 2_000).delayMs).toBeLessThanOrEqual(MAX_BACKOFF_MS);
  });

  it('keeps a thrown value that is not an Error readable', () => {
    expect(failedAttempt('socket closed', 1, 10).error).toBe('socket closed');
  });
});
