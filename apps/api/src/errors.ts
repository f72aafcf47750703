import type { ErrorCode } from '@emissor/contract';

export type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 429 | 500 | 503;

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

export const unauthorized = () => new AppError(401, 'unauthorized', 'Missing or invalid API key.');
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

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
