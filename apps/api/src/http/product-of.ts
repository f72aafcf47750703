import type { Request } from 'express';

/** The authenticated product of a request on an `api-key` route (set by apiKeyAuth). */
export function productOf(req: Request): string {
  if (!req.productId) throw new Error('route reached without authentication');
  return req.productId;
}
