import type { IncomingMessage } from 'node:http';

import type { RequestHandler } from 'express';

import { RequestValidationFailure, type ValidationIssue } from '../errors.js';

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a ref or any other string that reaches a query made
 * the driver fail with SQLSTATE 22021, a 500. Refuse it up front as a 422 naming the field, for the
 * query string and the JSON body alike (multipart fields never reach SQL as text).
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const issues: ValidationIssue[] = [];
  findNul(req.query, 'query', issues);
  if (jsonBodiesWithNulEscape.has(req)) findNul(req.body, 'body', issues);
  if (issues.length > 0) return next(new RequestValidationFailure(issues.slice(0, 20)));
  next();
};

/**
 * JSON text cannot hold a raw U+0000 in a string (JSON.parse refuses control characters), so a NUL
 * in a parsed body comes only from the escape `\u0000`. Bodies whose raw text has no such escape
 * skip the walk below, which for a 990-item emission visits some 40,000 values.
 */
const NUL_ESCAPE = Buffer.from('\\u0000');
const jsonBodiesWithNulEscape = new WeakSet<IncomingMessage>();

/** express.json's `verify` hook: notes the requests whose raw JSON has a `\u0000` escape. */
export function noteNulEscapes(req: IncomingMessage, _res: unknown, raw: Buffer): void {
  if (raw.includes(NUL_ESCAPE)) jsonBodiesWithNulEscape.add(req);
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
 * linear time and memory), and notes each string or key with a NUL.
 */
function findNul(root: unknown, part: 'query' | 'body', issues: ValidationIssue[]): void {
  const stack: Visit[] = [{ value: root, key: part, parent: undefined }];
  for (let visit = stack.pop(); visit && issues.length < 20; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        issues.push({
          loc: locOf(visit),
          msg: 'String should not contain NUL (U+0000) characters',
          type: 'string_pattern_mismatch',
        });
    } else if (value && typeof value === 'object') {
      const isArray = Array.isArray(value);
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const childVisit = { value: child, key: isArray ? Number(key) : key, parent: visit };
        if (key.includes('\u0000'))
          issues.push({
            loc: locOf(childVisit),
            msg: 'Keys should not contain NUL characters',
            type: 'string_pattern_mismatch',
          });
        stack.push(childVisit);
      }
    }
  }
}
