import type { ErrorRequestHandler, RequestHandler, Response } from 'express';

import { AppError, appError, RequestValidationFailure } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import { jsonCodings, unsupportedContentEncoding } from './content-encoding.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

const RETRY_AFTER_SECONDS = '5';

/** 404 for any path no route claims, in the same body shape as every other error. */
export const unknownRoute: RequestHandler = (_req, res) => {
  send(res, appError('not_found', 'No such route.'));
};

/** An AppError as the response: its headers, the error table's status, its body. */
function send(res: Response, error: AppError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json(error.toBody());
}

/**
 * The one place errors become responses. Domain errors carry their status and code; body-parser
 * failures become 413/422; an unreachable database is a 503 the client may retry; anything else is
 * a 500 that names only the request id (the detail goes to the log, never to the caller).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      send(res, err);
      return;
    }
    if (err instanceof RequestValidationFailure) {
      res.status(422).json({ detail: err.issues });
      return;
    }
    const bodyError = readBodyError(err);
    if (bodyError) {
      if (bodyError === 'aborted') res.destroy();
      else if (bodyError instanceof AppError) send(res, bodyError);
      else res.status(422).json({ detail: bodyError.issues });
      return;
    }
    if (err instanceof URIError && (err as { status?: unknown }).status === 400) {
      // Express could not percent-decode a path parameter (e.g. `/v1/documentos/%zz`): the value is
      // not a valid one for any parameter, so it is the same 422 a well-encoded bad value gets.
      res.status(422).json({
        detail: [
          { loc: ['path'], msg: 'Invalid percent-encoding in the path', type: 'value_error' },
        ],
      });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn(
        { request_id: req.requestId, err: { message: (err as Error).message } },
        'database unavailable',
      );
      send(
        res,
        appError('service_unavailable', 'The database is unreachable; retry later.', {
          'Retry-After': RETRY_AFTER_SECONDS,
        }),
      );
      return;
    }
    logger.error({ request_id: req.requestId, err }, 'unhandled error');
    send(res, appError('internal_error', `Internal error (request id ${req.requestId}).`));
  };
}

/** zlib's error codes: a body whose Content-Encoding says gzip or deflate but whose bytes are not. */
const DECOMPRESSION_FAILED = /^Z_/;

/**
 * What a failure of reading the body (body-parser, raw-body, zlib) is answered with, or undefined
 * for any other error. Every one is the client's doing, so none is a 500 or a logged stack: too big
 * → 413; an encoding we do not read → 415; undecodable bytes → 422 json_invalid (as for bad JSON); a
 * client that went away → no answer; any other read failure body-parser marks as the client's
 * (`expose`, a 4xx status: a Content-Length that does not match the body, …) → 400 bad_request.
 */
function readBodyError(err: unknown): AppError | RequestValidationFailure | 'aborted' | undefined {
  if (!(err instanceof Error)) return undefined;
  const { type, status, expose, code } = err as {
    type?: unknown;
    status?: unknown;
    expose?: unknown;
    code?: unknown;
  };
  if (type === 'request.aborted') return 'aborted';
  if (type === 'entity.too.large')
    return appError('payload_too_large', 'The request body is too large.');
  const undecodable = (error: string) =>
    new RequestValidationFailure([
      { loc: ['body'], msg: 'Invalid JSON', type: 'json_invalid', ctx: { error } },
    ]);
  // body-parser marks the zlib errors of a body it inflates as the client's (400); zlib failing
  // anywhere else (a stored XML that cannot be unpacked) is the server's, and stays a 500.
  if (typeof code === 'string' && DECOMPRESSION_FAILED.test(code) && status === 400)
    return undecodable('the body is not compressed as its Content-Encoding says');
  // requireReadableEncoding refuses these first; body-parser's own refusal gets the same answer.
  if (type === 'encoding.unsupported') return unsupportedContentEncoding(jsonCodings);
  if (type === 'entity.parse.failed' || type === 'charset.unsupported')
    return undecodable('the body could not be read as UTF-8 JSON');
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500)
    return appError('bad_request', 'The request body could not be read.');
  return undefined;
}
