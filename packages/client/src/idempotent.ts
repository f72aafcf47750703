import {
  backoffDelay,
  isNetworkError,
  parseRetryAfter,
  RETRY_DEFAULTS,
  type RetryOptions,
} from './retry.js';
import type { Clock } from './clock.js';

/** Answers that mean "not processed, try again later": the database is down, or rate limited. */
const RETRYABLE_STATUSES = new Set([429, 503]);

/** Thrown when every attempt of a POST with an Idempotency-Key failed at the network level. */
export class EmitNetworkError extends Error {
  override name = 'EmitNetworkError';
  constructor(
    /** Retry later with this key: if an attempt did reach the server, you get that record back. */
    readonly idempotencyKey: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(
      `Request failed after ${attempts} attempt(s) (Idempotency-Key ${idempotencyKey})`,
      options,
    );
  }
}

/** A response with the key it was sent with and how many attempts it took. */
export type WithKey<R> = R & { idempotencyKey: string; attempts: number };

/**
 * Sends a POST that creates something once per `Idempotency-Key` (an emission, an event, an
 * inutilização), safely retried: every attempt carries the same key, so a response lost on the way
 * back never creates a second record (the retry gets the first, status 200). Retries network
 * errors, 503 and 429 (waiting `Retry-After` when given, otherwise a bounded exponential backoff);
 * every other status is returned at once.
 */
export async function sendWithKey<R extends { status: number; headers: Headers }>(
  send: (idempotencyKey: string) => Promise<R>,
  idempotencyKey: string,
  retryOptions: RetryOptions | undefined,
  retries: number | undefined,
  clock: Clock,
): Promise<WithKey<R>> {
  const retry = { ...RETRY_DEFAULTS, ...retryOptions };
  const maxRetries = retries ?? retry.maxRetries;
  for (let attempt = 0; ; attempt++) {
    let res: R;
    try {
      res = await send(idempotencyKey);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      if (attempt >= maxRetries)
        throw new EmitNetworkError(idempotencyKey, attempt + 1, { cause: error });
      await clock.sleep(backoffDelay(attempt, retry));
      continue;
    }
    const done = { ...res, idempotencyKey, attempts: attempt + 1 };
    if (!RETRYABLE_STATUSES.has(res.status) || attempt >= maxRetries) return done;
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'), clock.now());
    if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) return done;
    await clock.sleep(retryAfter ?? backoffDelay(attempt, retry));
  }
}
