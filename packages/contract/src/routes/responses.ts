import { ErrorBodySchema, HTTPValidationErrorSchema } from '../schemas/errors.js';

// Error responses grouped by what causes them, so each route lists exactly the statuses it can give
// (the client throws on any status its route does not declare).

/** Any route: an unexpected failure. */
export const crashes = { 500: ErrorBodySchema } as const;

/**
 * Routes behind an API key that read or write the database. 429 `rate_limited` (with Retry-After):
 * the caller's address made too many failed authentications recently.
 */
export const authenticated = {
  401: ErrorBodySchema,
  422: HTTPValidationErrorSchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
  503: ErrorBodySchema,
} as const;

/** Routes that take a request body (JSON over 2 MiB, certificate file over 100 KiB). */
export const withBody = { 413: ErrorBodySchema } as const;

/** Routes that take a JSON body: also 415 `unsupported_media_type` for a body that is not JSON. */
export const withJsonBody = { ...withBody, 415: ErrorBodySchema } as const;

export const notFound = { 404: ErrorBodySchema } as const;

export const conflict = { 409: ErrorBodySchema } as const;
