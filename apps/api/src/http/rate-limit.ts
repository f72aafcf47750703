import { appError, type AppError } from '../errors.js';

export interface AuthFailureLimiterOptions {
  /** Failed authentications one client address may make within `windowMs` before it is refused. */
  maxFailures: number;
  windowMs: number;
  /** Addresses tracked at most (bounded memory under a spray of spoofed or many source addresses). */
  maxClients?: number;
  now?: () => number;
}

export interface AuthFailureLimiter {
  /** The 429 a failed authentication of `client` gets while it is over the limit, else undefined. */
  check(client: string): AppError | undefined;
  /** Records one failed authentication (a 401) from `client`. Successes are never recorded. */
  recordFailure(client: string): void;
}

/** 20 wrong keys a minute is far above any honest mistake (docs/api-rules.md "Authentication"). */
export const AUTH_FAILURE_DEFAULTS = { maxFailures: 20, windowMs: 60_000 } as const;

/**
 * Keeps API-key guessing from costing the server: an in-memory sliding window of failure times per
 * client address. Once an address has `maxFailures` failures inside the window, its failed
 * authentications are answered 429 `rate_limited` (with `Retry-After`) instead of 401, and a key
 * with an unknown id no longer costs the bcrypt that equalises timing. A valid key is never
 * refused: the caller checks the key first and consults the limiter only for a failure.
 *
 * Per process: with several workers or instances each counts on its own (an attacker gets at most
 * `maxFailures` × processes full-price failures per window), which needs no shared store.
 */
export function createAuthFailureLimiter(options: AuthFailureLimiterOptions): AuthFailureLimiter {
  const { maxFailures, windowMs, maxClients = 10_000, now = Date.now } = options;
  const failures = new Map<string, number[]>();

  /** The failure times of `client` still inside the window (drops the expired ones). */
  const recent = (client: string, at: number): number[] => {
    const times = failures.get(client);
    if (!times) return [];
    const kept = times.filter((t) => t > at - windowMs);
    if (kept.length === 0) failures.delete(client);
    else failures.set(client, kept);
    return kept;
  };

  return {
    check(client) {
      const at = now();
      const times = recent(client, at);
      if (times.length < maxFailures) return undefined;
      // Free again when enough failures have aged out to go below the limit.
      const freeAt = (times[times.length - maxFailures] ?? at) + windowMs;
      const seconds = String(Math.max(1, Math.ceil((freeAt - at) / 1000)));
      return appError(
        'rate_limited',
        'Too many failed authentications from this address; retry later.',
        { 'Retry-After': seconds },
      );
    },
    recordFailure(client) {
      const at = now();
      const times = recent(client, at);
      if (times.length === 0 && failures.size >= maxClients) {
        // Forget the oldest-tracked address rather than grow without bound.
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
      // Only the last maxFailures times matter for the decision.
      failures.set(client, [...times, at].slice(-maxFailures));
    },
  };
}
