import type { ErrorBody, ErrorCode } from '@emissor/contract';

/** A response whose body is an error `{ detail: { code, message } }` with this code. */
export type ErrorResponseWithCode<R, C extends ErrorCode> = Extract<R, { body: ErrorBody }> & {
  body: { detail: { code: C; message: string } };
};

/**
 * Narrows a response to an error with a given `detail.code`, whatever its status.
 *
 * @example
 * ```ts
 * const res = await emissor.emit(request);
 * if (isErrorCode(res, 'series_not_found')) await createTheSeries();
 * else if (isErrorCode(res, 'emitente_certificate_cnpj_mismatch')) console.error(res.body.detail.message);
 * ```
 */
export function isErrorCode<R extends { status: number; body: unknown }, C extends ErrorCode>(
  response: R,
  code: C,
): response is R & ErrorResponseWithCode<R, C> {
  const body = response.body;
  if (typeof body !== 'object' || body === null || !('detail' in body)) return false;
  const detail = body.detail;
  return (
    typeof detail === 'object' &&
    detail !== null &&
    !Array.isArray(detail) &&
    'code' in detail &&
    detail.code === code
  );
}
