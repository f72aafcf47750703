import type { ErrorRequestHandler, RequestHandler } from 'express';

import { AppError, RequestValidationFailure } from '../errors.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import type { Logger } from './logger.js';

const RETRY_AFTER_SECONDS = '5';

/** 404 for any path no route claims, in the same body shape as every other error. */
export const unknownRoute: RequestHandler = (_req, res) => {
  res.status(404).json(new AppError(404, 'not_found', 'No such route.').toBody());
};

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
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      res.status(err.status).json(err.toBody());
      return;
    }
    if (err instanceof RequestValidationFailure) {
      res.status(422).json({ detail: err.issues });
      return;
    }
    const bodyParserType = (err as { type?: unknown }).type;
    if (bodyParserType === 'entity.too.large') {
      res
        .status(413)
        .json(new AppError(413, 'payload_too_large', 'The request body is too large.').toBody());
      return;
    }
    if (
      bodyParserType === 'entity.parse.failed' ||
      bodyParserType === 'encoding.unsupported' ||
      bodyParserType === 'charset.unsupported'
    ) {
      res.status(422).json({
        detail: [
          {
            loc: ['body'],
            msg: 'Invalid JSON',
            type: 'json_invalid',
            ctx: { error: (err as Error).message },
          },
        ],
      });
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
    if (bodyParserType === 'request.aborted') {
      res.destroy();
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn(
        { request_id: req.requestId, err: { message: (err as Error).message } },
        'database unavailable',
      );
      res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      res
        .status(503)
        .json(
          new AppError(
            503,
            'service_unavailable',
            'The database is unreachable; retry later.',
          ).toBody(),
        );
      return;
    }
    logger.error({ request_id: req.requestId, err }, 'unhandled error');
    res.status(500).json({
      detail: { code: 'internal_error', message: `Internal error (request id ${req.requestId}).` },
    });
  };
}
