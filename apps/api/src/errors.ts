import { ERROR_CODE_DESCRIPTIONS, type ErrorCode } from '@emissor/contract';

/** The statuses an AppError may carry (408 and 431 come only from Node's HTTP parser hook). */
const ERROR_STATUSES = [400, 401, 404, 409, 413, 415, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** A failure the API reports as `{"detail": {"code", "message"}}` with `status`. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly status: ErrorStatus,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): { detail: { code: ErrorCode; message: string } } {
    return { detail: { code: this.code, message: this.message } };
  }
}

/**
 * The error for `code`, with the status the contract's error table gives it (the same table
 * docs/errors.md is generated from), so a call site names what went wrong and never a status.
 */
export function appError(
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): AppError {
  return new AppError(statusOf(code), code, message, headers);
}

function statusOf(code: ErrorCode): ErrorStatus {
  const { status } = ERROR_CODE_DESCRIPTIONS[code];
  if (!isErrorStatus(status))
    throw new Error(`error table gives ${code} a status AppError cannot send: ${status}`);
  return status;
}

const isErrorStatus = (status: number): status is ErrorStatus =>
  (ERROR_STATUSES as readonly number[]).includes(status);

export const unauthorized = () => appError('unauthorized', 'Missing or invalid API key.');

/** One item of an HTTPValidationError (422) body. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** A 422 raised by the API's own checks (beyond what the contract's schemas catch). */
export class RequestValidationFailure extends Error {
  override name = 'RequestValidationFailure';

  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }
}
