import type { AppRoute } from '@ts-rest/core';
import type { Request } from 'express';

/**
 * The contract route ts-rest matched for this request, or undefined before ts-rest's handlers ran
 * (and for a path no route has). @ts-rest/express sets it first in every route's handler chain,
 * so the global middleware, the handlers and anything reading the request afterwards (metrics, at
 * 'finish') see the route Express matched, without walking the contract again.
 */
export function matchedRoute(req: Request): AppRoute | undefined {
  return (req as Request & { tsRestRoute?: AppRoute }).tsRestRoute;
}
