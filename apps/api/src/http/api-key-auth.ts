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
 *
 * The failed-authentication limiter only decides how a failure is answered and whether an unknown
 * key id still costs a timing-equalising bcrypt: a valid key is always let through, so a client
 * that floods wrong keys — or every client behind one proxy — cannot lock anyone else out.
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
    // req.ip is the socket's address unless TRUST_PROXY names the proxies whose X-Forwarded-For
    // entries are believed: a header any client can set must not choose whose failures count.
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const refusal = limiter?.check(client);
    authenticator.authenticate(req.get('x-api-key'), { equaliseTiming: !refusal }).then(
      (productId) => {
        if (productId) {
          req.productId = productId;
          return next();
        }
        limiter?.recordFailure(client);
        next(refusal ?? unauthorized());
      },
      (error: unknown) => next(error),
    );
  };
}
