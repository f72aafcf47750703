import type { RequestHandler } from 'express';

import type { Authenticator } from '../auth/authenticator.js';
import { unauthorized } from '../errors.js';
import type { AuthFailureLimiter } from './rate-limit.js';

interface RouteWithMetadata {
  metadata?: { auth?: 'none' | 'api-key' };
}

/**
 * Runs on every contract route (ts-rest sets `req.tsRestRoute` first) and enforces the route's
 * `metadata.auth`. Missing, malformed, wrong and deleted-product keys all get the same 401, so the
 * answer reveals nothing about which it was.
 */
export function apiKeyAuth(
  authenticator: Authenticator,
  limiter?: AuthFailureLimiter,
): RequestHandler {
  return (req, _res, next) => {
    const route = (req as unknown as { tsRestRoute?: RouteWithMetadata }).tsRestRoute;
    if (route?.metadata?.auth === 'none') {
      next();
      return;
    }
    // The socket's address, not X-Forwarded-For: a client-set header would let anyone dodge the limit.
    const client = req.socket.remoteAddress ?? 'unknown';
    const limited = limiter?.check(client);
    if (limited) {
      next(limited);
      return;
    }
    authenticator.authenticate(req.get('x-api-key')).then(
      (productId) => {
        if (!productId) {
          limiter?.recordFailure(client);
          return next(unauthorized());
        }
        req.productId = productId;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
