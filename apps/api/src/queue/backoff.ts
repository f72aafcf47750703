/** The longest pause between two attempts of one document. */
export const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Exponential back-off with jitter for a document's `attempt`-th try (1-based): base × 2^(n−1),
 * capped, then scaled by a random factor in [0.5, 1) so that documents failed by one outage do not
 * come back all at once. `random` is injectable for tests.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random) {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return exponential * (0.5 + random() / 2);
}
