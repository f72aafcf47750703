import { isUtf8 } from 'node:buffer';

import type { RequestHandler } from 'express';

import { RequestValidationFailure, type ValidationIssue } from '../errors.js';
import { bodyBytes } from './body-bytes.js';
import { findInexactNumbers, mayHaveInexactNumbers } from './exact-numbers.js';
import { noteTextEscapes } from './text-guard.js';

/** JSON bodies above 2 MiB are a 413 (docs/api-rules.md); a 990-item emission is about 600 KiB. */
const JSON_BODY_LIMIT = 2 * 1024 * 1024;
const JSON_TYPES = ['application/json', 'application/*+json'];

const invalid = (msg: string, error: string): RequestValidationFailure =>
  new RequestValidationFailure([{ loc: ['body'], msg, type: 'json_invalid', ctx: { error } }]);

/**
 * V8 quotes the text around a syntax error ("Unexpected token 'x', "{"password":x}" is not valid
 * JSON"); that text may be a secret, so only the reason is kept.
 */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : 'invalid JSON';
  return message.replace(/, ".*" is not valid JSON$/s, ' is not valid JSON');
}

/**
 * Reads a JSON body the way the contract needs it, instead of express.json:
 * - the bytes must be UTF-8 (RFC 8259): a decoder would turn invalid bytes into U+FFFD, and two
 *   different refs would become one;
 * - a number must read back as exactly the digits sent (a double keeps about 15): otherwise a
 *   422 names it and says to send a decimal string, rather than a rounded value being signed;
 * - everything express.json did: the 2 MiB limit, gzip/deflate, objects and arrays only, `{}` for
 *   an empty body, and the notes text-guard needs (NUL and lone-surrogate escapes).
 */
export function jsonBody(): RequestHandler[] {
  const raw = bodyBytes(JSON_TYPES, JSON_BODY_LIMIT);
  const parse: RequestHandler = (req, _res, next) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) return next(); // not JSON, or no body at all
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get('content-type') ?? '')?.[1];
    if (charset && !/^utf-?8$/i.test(charset))
      return next(invalid('JSON must be sent as UTF-8', `unsupported charset "${charset}"`));
    if (body.length === 0) {
      req.body = {};
      return next();
    }
    if (!isUtf8(body))
      return next(invalid('The body is not valid UTF-8', 'invalid UTF-8 byte sequence'));
    let text = body.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a BOM, as express.json allowed
    const first = /\S/.exec(text)?.[0];
    if (first !== '{' && first !== '[')
      return next(invalid('Invalid JSON', 'the body must be a JSON object or array'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return next(invalid('Invalid JSON', reasonOf(error)));
    }
    if (mayHaveInexactNumbers(text)) {
      const issues: ValidationIssue[] = findInexactNumbers(text);
      if (issues.length > 0) return next(new RequestValidationFailure(issues));
    }
    noteTextEscapes(req, text);
    req.body = parsed;
    next();
  };
  return [raw, parse];
}
