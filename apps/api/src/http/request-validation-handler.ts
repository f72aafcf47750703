import type { RequestValidationError } from '@ts-rest/express';
import type { NextFunction, Request, Response } from 'express';

import { RequestValidationFailure } from '../errors.js';
import { toValidationIssues } from './validation-issues.js';

/**
 * ts-rest's request validation failures → one HTTPValidationError listing every problem of every
 * part, in the order docs/api-rules.md checks them (headers first: a missing Idempotency-Key leads).
 */
export function requestValidationHandler(
  err: RequestValidationError,
  req: Request,
  _res: Response,
  next: NextFunction,
): void {
  const issues = [
    ...(err.headers ? toValidationIssues(err.headers.issues, 'header', req.headers) : []),
    ...(err.pathParams ? toValidationIssues(err.pathParams.issues, 'path', req.params) : []),
    ...(err.query ? toValidationIssues(err.query.issues, 'query', req.query) : []),
    ...(err.body ? toValidationIssues(err.body.issues, 'body', req.body) : []),
  ];
  next(new RequestValidationFailure(issues));
}
