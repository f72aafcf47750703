import { describe, expect, it } from 'vitest';

import {
  MAX_RECEIPT_POLL_MS,
  RECEIPT_POLLS_PER_HOUR,
  receiptPollDelayMs,
} from './receipt-pacing.js';

/** The instants (ms after the recibo) at which a lot still pending is polled over `spanMs`. */
function pollTimes(tMed: number | null, firstDelayMs: number, spanMs: number): number[] {
  const times: number[] = [];
  for (let at = firstDelayMs; at <= spanMs; at += receiptPollDelayMs(tMed, at)) times.push(at);
  return times;
}

describe('receiptPollDelayMs', () => {
  it('waits at least tMed and at least a second', () => {
    expect(receiptPollDelayMs(1, 0)).toBe(1_000);
    expect(receiptPollDelayMs(null, 0)).toBe(1_000);
    expect(receiptPollDelayMs(0, 0)).toBe(1_000);
    expect(receiptPollDelayMs(7, 0)).toBe(7_000);
    expect(receiptPollDelayMs(7, 4_000)).toBe(7_000);
  });

  it('spaces polls by half the time waited, up to a cap', () => {
    expect(receiptPollDelayMs(1, 10_000)).toBe(5_000);
    expect(receiptPollDelayMs(1, 3_600_000)).toBe(MAX_RECEIPT_POLL_MS);
  });

  it('never polls one recibo more than 40 times in any hour (no 656)', () => {
    for (const tMed of [null, 1, 3, 30]) {
      const times = pollTimes(tMed, receiptPollDelayMs(tMed, 0), 6 * 3_600_000);
      // Any window of an hour, starting at any poll.
      for (let i = 0; i < times.length; i++) {
        const inHour = times.filter((t) => t >= times[i]! && t < times[i]! + 3_600_000).length;
        expect(inHour).toBeLessThanOrEqual(RECEIPT_POLLS_PER_HOUR);
      }
    }
  });

  it('still answers a quick lot quickly: five polls in the first 10 s with tMed 1', () => {
    expect(pollTimes(1, 1_000, 10_000).length).toBeGreaterThanOrEqual(5);
  });
});
