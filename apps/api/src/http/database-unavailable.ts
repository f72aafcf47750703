const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
]);

/**
 * True when an error means "PostgreSQL cannot be reached right now" (as opposed to a bug or a
 * constraint violation): connection refused or dropped, pool connect timeout, server shutting down
 * (SQLSTATE class 08 and 57P0x).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
  }
  const message = error.message;
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
      message,
    )
  ) {
    return true;
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error) return isDatabaseUnavailable(cause);
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
