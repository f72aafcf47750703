import { describe, expect, it } from 'vitest';

import { nextDeliveryState } from './delivery-state.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule.js';

const HOUR = 3_600_000;

describe('retry schedule', () => {
  it('retries the first failure within 10 s, then waits longer each time', () => {
    expect(retryDelayMs(1)).toBeLessThanOrEqual(10_000);
    for (let n = 2; n < MAX_ATTEMPTS; n++)
      expect(retryDelayMs(n)!).toBeGreaterThanOrEqual(retryDelayMs(n - 1)!);
  });

  it('keeps trying for at least 24 h, then gives up', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThanOrEqual(24 * HOUR);
    expect(total).toBeLessThan(36 * HOUR);
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).not.toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS + 5)).toBeNull();
  });

  it('refuses a count of failures that is not a positive integer', () => {
    expect(() => retryDelayMs(0)).toThrow();
    expect(() => retryDelayMs(1.5)).toThrow();
  });
});

describe('nextDeliveryState', () => {
  const now = new Date('2026-12-07T12:00:00Z');

  it('ends a delivered message as entregue', () => {
    expect(nextDeliveryState('delivered', 3, now)).toEqual({
      status: 'entregue',
      nextAttemptAt: null,
      deactivateWebhook: false,
    });
  });

  it('ends on 410 Gone at once and deactivates the webhook', () => {
    expect(nextDeliveryState('gone', 1, now)).toEqual({
      status: 'falhou',
      nextAttemptAt: null,
      deactivateWebhook: true,
    });
  });

  it('schedules a failure by the schedule and ends it as falhou after the last attempt', () => {
    expect(nextDeliveryState('failed', 1, now).nextAttemptAt).toEqual(
      new Date(now.getTime() + RETRY_DELAYS_MS[0]!),
    );
    expect(nextDeliveryState('failed', 1, now).status).toBe('pendente');
    expect(nextDeliveryState('failed', MAX_ATTEMPTS, now)).toEqual({
      status: 'falhou',
      nextAttemptAt: null,
      deactivateWebhook: false,
    });
  });

  it('spans at least 24 h from the first attempt to the last', () => {
    let at = now;
    let attempts = 1;
    for (;;) {
      const next = nextDeliveryState('failed', attempts, at);
      if (!next.nextAttemptAt) break;
      at = next.nextAttemptAt;
      attempts += 1;
    }
    expect(attempts).toBe(MAX_ATTEMPTS);
    expect(at.getTime() - now.getTime()).toBeGreaterThanOrEqual(24 * HOUR);
  });
});
