import { isAppRouteMutation, type AppRoute } from '@ts-rest/core';
import type { RequestHandler } from 'express';

import { appError } from '../errors.js';
import { matchedRoute } from './matched-route.js';

/** The media types jsonBody reads (json-body.ts); anything else would reach a route as no body. */
const JSON_TYPES = ['application/json', 'application/*+json'];

/** A route whose body is JSON (every mutation with a body but the multipart upload). */
function takesJson(route: AppRoute | undefined): boolean {
  return (
    route !== undefined &&
    isAppRouteMutation(route) &&
    'body' in route &&
    route.contentType !== 'multipart/form-data'
  );
}

/**
 * A body that is not JSON where the route takes JSON is a 415 that says so. Without this the body
 * is left unparsed and the caller gets "Field required" for every field, which points the wrong way
 * (docs/api-rules.md "Errors": bad input is a clear 4xx). The header's value is not echoed back: the message names
 * what to send instead. A request without a body is left to the route's own validation. Mounted
 * among ts-rest's global middleware, so the route is the one ts-rest matched.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  // null: no body at all; false: a body whose Content-Type is not JSON (or is missing). An empty
  // body (Content-Length: 0, what clients send for a bodiless POST) counts as none.
  const empty = req.headers['content-length'] === '0' && !req.headers['transfer-encoding'];
  if (!takesJson(matchedRoute(req)) || empty || req.is(JSON_TYPES) !== false) {
    next();
    return;
  }
  const message = req.headers['content-type']
    ? 'This route takes a JSON body: send it with Content-Type: application/json.'
    : 'The request has a body but no Content-Type; this route takes JSON: send Content-Type: application/json.';
  next(appError('unsupported_media_type', message));
};
