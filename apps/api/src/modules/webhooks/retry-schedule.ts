/**
 * Waits before each retry of a delivery that failed: the first within 10 s (a receiver that
 * blinked), then longer and longer, so the last attempt comes more than 24 h after the first
 * (docs/webhooks.md "Delivery, retries and order"): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — 8 attempts over
 * about 27.6 h. The schedule of Standard Webhooks' reference service.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** Every attempt a delivery gets: the first and its retries. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long to wait after `failedAttempts` failures before the next try; null: give up (falhou). */
export function retryDelayMs(failedAttempts: number): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) throw new Error('no attempt failed');
  return RETRY_DELAYS_MS[failedAttempts - 1] ?? null;
}
