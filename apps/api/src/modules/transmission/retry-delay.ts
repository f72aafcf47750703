import type { Classification } from '@emissor/sefaz';

import type { LaterAttempt } from '../../queue/attempt-result.js';
import { backoffMs } from '../../queue/backoff.js';

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
