import { backoffMs } from './backoff.js';

/** An attempt that settled nothing: the queue row is tried again after `delayMs`. */
export interface LaterAttempt {
  kind: 'later';
  delayMs: number;
  cStat?: string | undefined;
  error: string;
}

/**
 * The `later` result of the `attempt`-th try when it failed before any answer could be judged (a
 * certificate that cannot be decrypted, the database failed). Such a fault usually lasts, so it
 * backs off like an unanswered call: one attempt per row every few minutes at worst, not one every
 * `retryBaseMs` forever.
 */
export function failedAttempt(error: unknown, attempt: number, retryBaseMs: number): LaterAttempt {
  return {
    kind: 'later',
    delayMs: backoffMs(attempt, retryBaseMs),
    error: error instanceof Error ? error.message : String(error),
  };
}

/** The soonest `later` delay among results (undefined when every one is final). */
export function soonestRetryMs(
  results: readonly ({ kind: 'later'; delayMs: number } | { kind: 'final' })[],
): number | undefined {
  let soonest: number | undefined;
  for (const r of results)
    if (r.kind === 'later' && (soonest === undefined || r.delayMs < soonest)) soonest = r.delayMs;
  return soonest;
}
