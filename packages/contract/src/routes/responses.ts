import { z } from 'zod';

import { asBody, type BodyExample } from '../openapi-meta.js';
import {
  ERROR_CODE_DESCRIPTIONS,
  ErrorMessageSchema,
  HTTPValidationErrorSchema,
  type ErrorCode,
  type ValidationIssue,
} from '../schemas/errors.js';

// Error responses, each listing only the codes its route can give (the client throws on any
// status its route does not declare; the OpenAPI document shows each code with an example).

/**
 * The error body for one status of one route: `detail.code` is one of `codes` (all of the same
 * status in ERROR_CODE_DESCRIPTIONS), each documented with its meaning and an example.
 *
 * @example `404: errorBody('series_not_found', 'certificate_not_found')`
 */
export function errorBody<const C extends ErrorCode>(...codes: [C, ...C[]]) {
  const statuses = new Set(codes.map((code) => ERROR_CODE_DESCRIPTIONS[code].status));
  if (statuses.size !== 1) throw new Error(`errorBody(${codes.join(', ')}): mixed statuses`);
  const schema = z.object({
    detail: z
      .object({
        code: z.enum(codes).describe('Stable: branch on it (docs/errors.md lists every code)'),
        message: ErrorMessageSchema,
      })
      .describe('What went wrong'),
  });
  const description = codes
    .map((code) => `- \`${code}\`: ${ERROR_CODE_DESCRIPTIONS[code].description}`)
    .join('\n');
  const examples: Record<string, BodyExample> = {};
  for (const code of codes) {
    const { description: message } = ERROR_CODE_DESCRIPTIONS[code];
    examples[code] = { summary: code, value: { detail: { code, message } } };
  }
  return asBody(schema, description, examples);
}

/**
 * A route's 422 with its own example problems (the body shape is always HTTPValidationError).
 * `examples` maps a name to the issues one bad request gets.
 */
export function invalidRequest(examples: Record<string, ValidationIssue[]>) {
  const named: Record<string, BodyExample> = {};
  for (const [name, detail] of Object.entries(examples))
    named[name] = { summary: name, value: { detail } };
  return asBody(
    HTTPValidationErrorSchema,
    'The request does not fit the contract: one item per problem, `loc` says where (docs/errors.md).',
    named,
  );
}

/** Any route: an unexpected failure. */
export const crashes = { 500: errorBody('internal_error') } as const;

/**
 * Routes behind an API key that read or write the database. 429 `rate_limited` (with Retry-After):
 * the caller's address made too many failed authentications recently. The 422 example is a query
 * problem; routes without a query declare their own with {@link invalidRequest} after this spread.
 */
export const authenticated = {
  401: errorBody('unauthorized'),
  422: invalidRequest({
    'missing branch_ref': [
      {
        loc: ['query', 'branch_ref'],
        msg: 'Field required',
        type: 'missing',
        input: { tenant_ref: 'padaria-do-ze' },
      },
    ],
  }),
  429: errorBody('rate_limited'),
  500: errorBody('internal_error'),
  503: errorBody('service_unavailable'),
} as const;

/**
 * Routes that take a request body: 413 (JSON over 2 MiB, certificate file over 100 KiB) and 415
 * for a Content-Encoding the route does not read.
 */
export const withBody = {
  413: errorBody('payload_too_large'),
  415: errorBody('unsupported_content_encoding'),
} as const;

/** Routes that take a JSON body: also 415 `unsupported_media_type` for a body that is not JSON. */
export const withJsonBody = {
  ...withBody,
  415: errorBody('unsupported_media_type', 'unsupported_content_encoding'),
} as const;
