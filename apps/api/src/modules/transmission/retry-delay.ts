import type { Classification } from '@emissor/sefaz';

import { backoffMs } from './backoff.js';

/** How long SEFAZ asks clients to stay away after 656 (consumo indevido, sefaz.md §7). */
export const THROTTLED_MS = 60 * 60_000;
/** An unknown outcome is consulted soon: SEFAZ has either processed the send or never will. */
export const CONSULT_AFTER_MS = 1_000;

/** When to try again after an answer that settled nothing, for the `attempt`-th try. */
export function retryDelayMs(
  classification: Classification,
  attempt: number,
  retryBaseMs: number,
): number {
  if (classification.kind === 'throttled') return THROTTLED_MS;
  if (classification.kind === 'unknown') return CONSULT_AFTER_MS;
  return backoffMs(attempt, retryBaseMs);
}

/** A line for the queue row's `last_error` and the logs. */
export function describeClassification(classification: Classification): string {
  if (classification.kind === 'final' || classification.kind === 'pending')
    return `${classification.cStat} ${classification.xMotivo}`;
  if (classification.kind === 'throttled')
    return `throttled: ${classification.cStat} ${classification.xMotivo}`;
  return `${classification.kind}: ${classification.reason}`;
}

/** An attempt that settled nothing: the queue row is tried again after `delayMs`. */
export interface LaterAttempt {
  kind: 'later';
  delayMs: number;
  cStat?: string | undefined;
  error: string;
}

/** The `later` result of the `attempt`-th try for a classification that is not final. */
export function laterAttempt(
  classification: Classification,
  attempt: number,
  retryBaseMs: number,
): LaterAttempt {
  return {
    kind: 'later',
    delayMs: retryDelayMs(classification, attempt, retryBaseMs),
    cStat: 'cStat' in classification ? classification.cStat : undefined,
    error: describeClassification(classification),
  };
}

/**
 * The `later` result of the `attempt`-th try when the exchange failed before any answer could be
 * classified: the branch's certificate could not be decrypted (a master key missing after a
 * rotation), the database failed. Such a fault usually lasts, so it backs off like an unanswered
 * call: one attempt per document every few minutes at worst, not one every `retryBaseMs` forever.
 */
export function failedAttempt(error: unknown, attempt: number, retryBaseMs: number): LaterAttempt {
  return {
    kind: 'later',
    delayMs: backoffMs(attempt, retryBaseMs),
    error: error instanceof Error ? error.message : String(error),
  };
}
