import { isAppRouteMutation, type AppRoute } from '@ts-rest/core';
import type { Request, RequestHandler } from 'express';

import { appError, type AppError } from '../errors.js';
import { matchedRoute } from './matched-route.js';

/** What the JSON reader decodes (body-parser's inflate), one coding per body. */
const JSON_CODINGS = ['gzip', 'deflate', 'identity'] as const;
/** The multipart reader (multer) parses the bytes as they arrive: nothing compressed. */
const MULTIPART_CODINGS = ['identity'] as const;

/** The content codings the body of `route` may be sent in. */
function codingsOf(route: AppRoute | undefined): readonly string[] {
  return route && isAppRouteMutation(route) && route.contentType === 'multipart/form-data'
    ? MULTIPART_CODINGS
    : JSON_CODINGS;
}

/**
 * The 415 for a body in a coding the route does not read, naming what it does read in the message
 * and in `Accept-Encoding` (RFC 9110 §12.5.3 gives that response header this meaning). The
 * header's value is not echoed: the message says what to send instead.
 */
export function unsupportedContentEncoding(accepted: readonly string[]): AppError {
  const compressed = accepted.filter((coding) => coding !== 'identity');
  const message =
    compressed.length > 0
      ? `The request body's Content-Encoding cannot be read here: send it uncompressed or as ${compressed.join(' or ')}, one coding only.`
      : "The request body's Content-Encoding cannot be read here: send it uncompressed.";
  return appError('unsupported_content_encoding', message, {
    'Accept-Encoding': accepted.join(', '),
  });
}

/** A body is declared (type-is's test, the one body-parser reads by), even an empty one. */
const declaresBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;

/**
 * Refuses a body whose Content-Encoding the route cannot decode (br, zstd, x-gzip, a list, …)
 * before anything reads it: the JSON reader would otherwise call it invalid JSON, and the
 * multipart reader would parse compressed bytes as a form. A request without a body is not
 * judged on the header. Mounted among ts-rest's global middleware, so the route is the one
 * ts-rest matched.
 */
export const requireReadableEncoding: RequestHandler = (req, _res, next) => {
  const header = req.headers['content-encoding'];
  if (header === undefined || !declaresBody(req)) return next();
  const coding = header.trim().toLowerCase();
  const accepted = codingsOf(matchedRoute(req));
  // An empty header names no coding: the body is read as it is.
  if (coding === '' || accepted.includes(coding)) return next();
  next(unsupportedContentEncoding(accepted));
};

/** The codings of the JSON reader, for a refusal that comes from body-parser itself. */
export const jsonCodings: readonly string[] = JSON_CODINGS;
