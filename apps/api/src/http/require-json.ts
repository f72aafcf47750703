import type { ErrorBody } from '@emissor/contract';
import { isAppRoute, isAppRouteMutation, type AppRoute, type AppRouter } from '@ts-rest/core';
import express, { type RequestHandler, type Router } from 'express';

/** The media types express.json parses (app.ts); anything else would reach a route as no body. */
const JSON_TYPES = ['application/json', 'application/*+json'];

function jsonBodyRoutes(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) => {
    if (!isAppRoute(entry)) return jsonBodyRoutes(entry);
    if (!isAppRouteMutation(entry) || !('body' in entry)) return [];
    return entry.contentType === 'multipart/form-data' ? [] : [entry];
  });
}

const unsupported = (message: string): ErrorBody => ({
  detail: { code: 'unsupported_media_type', message },
});

/**
 * A body that is not JSON where the route takes JSON is a 415 that says so. Without this the body
 * is left unparsed and the caller gets "Field required" for every field, which points the wrong way
 * (decisions: bad input is a clear 4xx). The header's value is not echoed back: the message names
 * what to send instead. A request without a body is left to the route's own validation.
 */
export function requireJsonBodies(contract: AppRouter): Router {
  const router = express.Router();
  const check: RequestHandler = (req, res, next) => {
    // null: no body at all; false: a body whose Content-Type is not JSON (or is missing). An empty
    // body (Content-Length: 0, what clients send for a bodiless POST) counts as none.
    const empty = req.headers['content-length'] === '0' && !req.headers['transfer-encoding'];
    if (empty || req.is(JSON_TYPES) !== false) {
      next();
      return;
    }
    const message = req.headers['content-type']
      ? 'This route takes a JSON body: send it with Content-Type: application/json.'
      : 'The request has a body but no Content-Type; this route takes JSON: send Content-Type: application/json.';
    res.status(415).json(unsupported(message));
  };
  for (const route of jsonBodyRoutes(contract)) {
    const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
    router[method](route.path, check);
  }
  return router;
}
