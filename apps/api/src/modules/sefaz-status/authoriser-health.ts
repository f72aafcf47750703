import type { TransmissionObserver } from '../transmission/transmission-observer.js';
import { statusKeyId, type StatusKey } from './status-key.js';

/**
 * What this process has seen of each authoriser and ambiente through its own exchanges (documents,
 * events, inutilizações): when one last got an answer saying the authoriser is serving. The status
 * route uses it to stop serving a failure that is no longer true.
 *
 * It is per process, by design: recording every exchange in PostgreSQL would cost a write per
 * exchange. So with several API processes, a process that has made no exchange since a status
 * failure keeps serving that failure until its Retry-After runs out, as it did before; once any
 * process asks SEFAZ again, its answer is shared with all of them (status-cache.ts).
 */
export interface AuthoriserHealth {
  /** An exchange with `key` got an answer saying it serves. Called on every one: sync, O(1). */
  answered(key: StatusKey): void;
  /** Milliseconds since the last such answer of `key` in this process; undefined when none. */
  msSinceAnswer(key: StatusKey): number | undefined;
}

/** `now` is a monotonic clock: only differences between its readings are used. */
export function createAuthoriserHealth(
  now: () => number = () => performance.now(),
): AuthoriserHealth {
  // One entry per authoriser and ambiente (a few dozen at most).
  const lastAnswer = new Map<string, number>();
  return {
    answered(key) {
      lastAnswer.set(statusKeyId(key), now());
    },
    msSinceAnswer(key) {
      const at = lastAnswer.get(statusKeyId(key));
      return at === undefined ? undefined : now() - at;
    },
  };
}

/**
 * `observer`, also telling `health` of every call whose answer says the authoriser serves (the
 * transmission's own judgement: an answer, and not 108/109/656). The transmission knows only its
 * observer; the status route reads the health.
 */
export function observingHealth(
  observer: TransmissionObserver,
  health: AuthoriserHealth,
): TransmissionObserver {
  return {
    ...observer,
    called(call) {
      observer.called(call);
      if (call.healthy) health.answered(call);
    },
  };
}
