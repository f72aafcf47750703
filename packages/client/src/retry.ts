/** How {@link EmissorClient.emit} retries; every field is optional. */
export interface RetryOptions {
  /** Retries after the first attempt (network error, 503 or 429). Default 3; 0 disables retrying. */
  maxRetries?: number;
  /** First backoff delay; each retry doubles it (with jitter). Default 250 ms. */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay. Default 5 s. */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits for; a longer one ends the retries and that response is
   * returned to the caller. Default 30 s.
   */
  maxRetryAfterMs?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

/** `Retry-After` as milliseconds from now (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so clients that
 * failed together do not all come back at the same instant.
 */
export function backoffDelay(
  attempt: number,
  options: Required<RetryOptions>,
  random = Math.random,
): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return exponential / 2 + random() * (exponential / 2);
}

/**
 * A failure where the request may or may not have reached the server: `fetch` rejects with a
 * TypeError when the connection fails or is reset, and a timeout signal aborts with TimeoutError.
 * Anything else (a bug, an undeclared status) is not retried.
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
