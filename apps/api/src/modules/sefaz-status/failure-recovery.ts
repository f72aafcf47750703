import type { AuthoriserHealth } from './authoriser-health.js';
import type { AskOutcome } from './ask-outcome.js';
import { statusKeyId, type StatusKey } from './status-key.js';

/** Whether a fresh failure should be asked again now, and what that attempt taught. */
export interface RecoveryGate {
  /** True when an exchange answered after the failure's attempt (`attemptAgeMs` ago). */
  superseded(key: StatusKey, attemptAgeMs: number): boolean;
  /** The outcome of asking: a failure after a superseded one stops superseding until an answer. */
  asked(key: StatusKey, outcome: AskOutcome, afterSuperseded: boolean): void;
}

/**
 * Exchanges may succeed while the status call itself keeps failing (the status service alone is
 * down, or this branch's certificate is refused). Asking again after every exchange would then
 * ask SEFAZ on every request, the loop §7 of sefaz.md warns about; so once asking again after a
 * superseded failure fails too, failures run their full wait until a status answer comes. Like
 * the health it reads, this is per process: each process may ask again once on its own evidence.
 */
export function recoveryGate(health: AuthoriserHealth): RecoveryGate {
  const stuck = new Set<string>();
  return {
    superseded(key, attemptAgeMs) {
      if (stuck.has(statusKeyId(key))) return false;
      const sinceAnswer = health.msSinceAnswer(key);
      return sinceAnswer !== undefined && sinceAnswer < attemptAgeMs;
    },
    asked(key, outcome, afterSuperseded) {
      if (outcome.kind === 'answer') stuck.delete(statusKeyId(key));
      else if (afterSuperseded) stuck.add(statusKeyId(key));
    },
  };
}
