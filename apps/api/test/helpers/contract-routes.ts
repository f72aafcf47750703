import { contract } from '@emissor/contract';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';

/**
 * Every contract route with its key path (`emissions.emit`), however the routers nest: what tests
 * go through route by route. The API itself never walks the contract: ts-rest registers the routes
 * and generates the OpenAPI document, and a request carries the route ts-rest matched.
 */
export function contractRoutes(
  router: AppRouter = contract,
  prefix: string[] = [],
): { id: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [{ id: [...prefix, key].join('.'), route: value }]
      : contractRoutes(value, [...prefix, key]),
  );
}
