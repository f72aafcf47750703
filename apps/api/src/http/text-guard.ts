import type { IncomingMessage } from 'node:http';

import type { RequestHandler } from 'express';

import { RequestValidationFailure, type ValidationIssue } from '../errors.js';

/**
 * Text PostgreSQL cannot hold, or that would not be the text the client meant, is refused up front
 * as a 422 naming the field, for the query string and the JSON body alike (multipart fields never
 * reach SQL as text):
 * - U+0000: the driver failed with SQLSTATE 22021, a 500;
 * - a lone surrogate (`\ud800` in JSON): encoding it as UTF-8 writes U+FFFD, so two different refs
 *   became one;
 * - a query value whose percent-encoding is not UTF-8 (`%FF`): it stayed as the literal text
 *   `%FF`, the same value `%25FF` gives.
 */
export const rejectUnstorableText: RequestHandler = (req, _res, next) => {
  const issues: ValidationIssue[] = [];
  // Only a route that reads a query is judged on it (ts-rest sets tsRestRoute before this runs):
  // `GET /v1/health?x=%FF` is still a health check that answers 200.
  if ((req as unknown as { tsRestRoute?: { query?: unknown } }).tsRestRoute?.query) {
    findMalformedQuery(req.originalUrl, issues);
    findBadText(req.query, 'query', issues);
  }
  if (jsonBodiesWithTextEscapes.has(req)) findBadText(req.body, 'body', issues);
  if (issues.length > 0) return next(new RequestValidationFailure(issues.slice(0, 20)));
  next();
};

/**
 * JSON text cannot hold a raw U+0000 or a raw surrogate in a string (JSON.parse refuses control
 * characters, and UTF-8 cannot encode surrogates), so they come only from `\u` escapes. Bodies
 * whose text has no such escape skip the walk below, which for a 990-item emission visits some
 * 40,000 values.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
const jsonBodiesWithTextEscapes = new WeakSet<IncomingMessage>();

/** Notes a request whose JSON text has a NUL or surrogate escape (called by the JSON reader). */
export function noteTextEscapes(req: IncomingMessage, text: string): void {
  // includes() first: a native search, while the regex costs ~1 ms on a 700 KiB body.
  if (text.includes('\\u') && SUSPECT_ESCAPE.test(text)) jsonBodiesWithTextEscapes.add(req);
}

/** Each `name=value` of the raw query whose percent-encoding does not decode as UTF-8. */
function findMalformedQuery(url: string, issues: ValidationIssue[]): void {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return;
  for (const pair of url.slice(start + 1).split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    if (decodes(name) && decodes(value)) continue;
    issues.push({
      loc: ['query', decodes(name) ? decodeURIComponent(name.replace(/\+/g, ' ')) : name],
      msg: 'Input should be a valid string: the percent-encoding is not valid UTF-8',
      type: 'string_unicode',
    });
  }
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | undefined;
}

/** The `loc` of a visited value, built only when it is reported. */
function locOf(visit: Visit): (string | number)[] {
  const loc: (string | number)[] = [];
  for (let v: Visit | undefined = visit; v; v = v.parent) loc.unshift(v.key);
  return loc;
}

/**
 * Walks a parsed value without recursion and without copying paths (a 100k-deep array must cost
 * linear time and memory), and notes each string or key with a NUL or a lone surrogate.
 */
function findBadText(root: unknown, part: 'query' | 'body', issues: ValidationIssue[]): void {
  const stack: Visit[] = [{ value: root, key: part, parent: undefined }];
  for (let visit = stack.pop(); visit && issues.length < 20; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) issues.push({ loc: locOf(visit), ...problem });
    } else if (value && typeof value === 'object') {
      const isArray = Array.isArray(value);
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const childVisit = { value: child, key: isArray ? Number(key) : key, parent: visit };
        const problem = textProblem(key);
        if (problem)
          issues.push({ loc: locOf(childVisit), ...problem, msg: `Key: ${problem.msg}` });
        stack.push(childVisit);
      }
    }
  }
}

/** In a `u` regex a surrogate pair is one code point, so \p{Cs} matches only a lone half. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): { msg: string; type: string } | undefined {
  if (text.includes('\u0000'))
    return {
      msg: 'String should not contain NUL (U+0000) characters',
      type: 'string_pattern_mismatch',
    };
  if (LONE_SURROGATE.test(text))
    return {
      msg: 'Input should be a valid string: it holds a lone UTF-16 surrogate, which is no character',
      type: 'string_unicode',
    };
  return undefined;
}
