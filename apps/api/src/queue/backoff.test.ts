import { describe, expect, it } from 'vitest';

import { backoffMs, MAX_BACKOFF_MS } from './backoff.js';

describe('backoffMs', () => {
  it('doubles per attempt between half and all of base × 2^(n−1)', () => {
    expect(backoffMs(1, 100, () => 0)).toBe(50);
    expect(backoffMs(1, 100, () => 0.999999)).toBeCloseTo(100, 3);
    expect(backoffMs(4, 100, () => 0)).toBe(400);
  });

  it('never waits longer than the cap', () => {
    expect(backoffMs(40, 2_000, () => 0.999999)).toBeLessThanOrEqual(MAX_BACKOFF_MS);
    expect(backoffMs(40, 2_000, () => 0)).toBe(MAX_BACKOFF_MS / 2);
  });
});
