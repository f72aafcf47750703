import { randomUUID } from 'node:crypto';

import type { NextFunction, Request, Response } from 'express';

import type { Logger } from '../logging/logger.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own extension point
  namespace Express {
    interface Request {
      requestId: string;
      /** Wall-clock arrival time (not the injectable business clock): orders overlapping writes. */
      receivedAt: Date;
      /** Set by the API-key middleware on authenticated routes. */
      productId?: string;
    }
  }
}

const VALID_INCOMING_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Gives every request an id (a caller's `X-Request-Id` when it is sane, else a new UUID), returns
 * it on every response, and writes one log line per request when it finishes.
 */
export function requestContext(logger: Logger) {
  // The line is made of the fields below only, none of which is a key the logger's redaction
  // looks for, so it is written without the redaction pass: run over every request's line, that
  // pass was about 4 % of all the bytes the API allocates per emission (bench/results/comparisons.md).
  const lines = logger.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction): void => {
    req.receivedAt = new Date();
    const incoming = req.get('x-request-id');
    req.requestId = incoming && VALID_INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      lines.info(
        {
          request_id: req.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          duration_ms: Math.round(durationMs * 100) / 100,
          product_id: req.productId,
        },
        'request',
      );
    });
    next();
  };
}
