import { z } from 'zod';

/** Every `detail.code` a non-422 error can carry (docs/api-rules.md "Errors"). */
export const ErrorCodeSchema = z.enum([
  'unauthorized',
  'not_found',
  'series_not_found',
  'certificate_not_found',
  'document_not_found',
  'series_already_exists',
  'certificate_upload_conflict',
  'emitente_certificate_cnpj_mismatch',
  'certificate_expired',
  'certificate_not_yet_valid',
  'series_exhausted',
  'series_number_in_use',
  // Events and inutilização (docs/api-rules.md "Events and inutilização").
  'event_not_found',
  'inutilizacao_not_found',
  'document_not_cancellable',
  'cancellation_deadline_passed',
  'document_not_correctable',
  'correction_limit_reached',
  'numbers_in_use',
  'sefaz_disabled',
  'webhook_not_found',
  'payload_too_large',
  'unsupported_media_type',
  'unsupported_content_encoding',
  'rate_limited',
  'service_unavailable',
  'sefaz_unavailable',
  'internal_error',
  // Answered by the HTTP layer before any route is matched (a request Node's parser refuses).
  'bad_request',
  'request_header_fields_too_large',
  'request_timeout',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The HTTP status each code is sent with and what it means, for the generated error docs. */
export const ERROR_CODE_DESCRIPTIONS: Readonly<
  Record<ErrorCode, { status: number; description: string }>
> = {
  unauthorized: {
    status: 401,
    description: 'The X-Api-Key header is missing or wrong, or its product was deleted.',
  },
  not_found: { status: 404, description: 'No route matches this method and path.' },
  series_not_found: {
    status: 404,
    description:
      'No such series for this product (also on emission: no series for tenant, branch and serie).',
  },
  certificate_not_found: {
    status: 404,
    description: 'No live certificate for this product, tenant_ref and branch_ref.',
  },
  document_not_found: { status: 404, description: 'No such document for this product.' },
  series_already_exists: {
    status: 409,
    description: 'A series with this tenant_ref, branch_ref, model and serie already exists.',
  },
  certificate_upload_conflict: {
    status: 409,
    description:
      'Another upload for the same tenant and branch finished first; retry to replace it.',
  },
  emitente_certificate_cnpj_mismatch: {
    status: 409,
    description: "emitente.cnpj does not match the certificate's CNPJ or CNPJ root.",
  },
  certificate_expired: {
    status: 409,
    description: 'The live certificate of the branch has expired.',
  },
  certificate_not_yet_valid: {
    status: 409,
    description: 'The live certificate of the branch is not valid yet.',
  },
  series_exhausted: {
    status: 409,
    description: 'The series has no number left (the next would exceed 999999999).',
  },
  series_number_in_use: {
    status: 409,
    description:
      'PATCH next_number at or below a number the series has already used, or at or below the last number of an inutilização of the series that is homologada or processando (a rejeitada one does not count); it must be above the highest of them.',
  },
  event_not_found: { status: 404, description: 'No such event for this product.' },
  inutilizacao_not_found: {
    status: 404,
    description:
      'No such inutilização for this product (on its /xml: an automatic void whose inutNFe is not signed yet).',
  },
  document_not_cancellable: {
    status: 409,
    description:
      'Only an `autorizada` document without another cancellation in progress or registered can be cancelled.',
  },
  cancellation_deadline_passed: {
    status: 409,
    description:
      'The document was authorised more than 24 hours ago: the authoriser would refuse the cancellation (cStat 501). Set SEFAZ_SEND_LATE_CANCELLATIONS=true where the UF accepts late cancellations (cStat 155).',
  },
  document_not_correctable: {
    status: 409,
    description:
      'A carta de correção needs an `autorizada` document without a cancellation in progress or registered.',
  },
  correction_limit_reached: {
    status: 409,
    description: 'The document already has 20 cartas de correção (nSeqEvento 1–20).',
  },
  numbers_in_use: {
    status: 409,
    description:
      "An inutilização range must lie below the series' next_number, hold no document that is processando, autorizada, denegada or cancelada, and not overlap an inutilização in progress or homologated.",
  },
  sefaz_disabled: {
    status: 409,
    description:
      'The service runs with SEFAZ=off: nothing is sent to SEFAZ, so this route (status, events, inutilizações) has nothing to do.',
  },
  webhook_not_found: { status: 404, description: 'No such webhook for this product.' },
  payload_too_large: {
    status: 413,
    description: 'JSON body over 2 MiB, or certificate file over 100 KiB.',
  },
  unsupported_media_type: {
    status: 415,
    description:
      'The route takes a JSON body and the request sent another Content-Type (or none): send Content-Type: application/json.',
  },
  unsupported_content_encoding: {
    status: 415,
    description:
      'The body is compressed with a Content-Encoding the API does not read (br, zstd, x-gzip, a list of codings, …): JSON bodies may be sent as gzip or deflate, the certificate upload uncompressed. The Accept-Encoding header of the answer lists what the route reads.',
  },
  rate_limited: {
    status: 429,
    description:
      'Too many failed authentications from this address (20 a minute, per API process); retry after the Retry-After header.',
  },
  service_unavailable: {
    status: 503,
    description: 'The database cannot be reached; retry after the Retry-After header.',
  },
  sefaz_unavailable: {
    status: 503,
    description:
      'The SEFAZ authoriser did not answer (network failure, timeout, or an answer that could not be read); retry after the Retry-After header.',
  },
  internal_error: {
    status: 500,
    description: 'An unexpected failure; the message carries the request id.',
  },
  bad_request: {
    status: 400,
    description:
      'A malformed HTTP request that the server could not parse at all, or a body it could not read (e.g. fewer bytes than Content-Length).',
  },
  request_header_fields_too_large: {
    status: 431,
    description: 'The request line and headers exceed 16 KiB.',
  },
  request_timeout: {
    status: 408,
    description: 'The request was not received in time.',
  },
};

/** `detail.message`: for a person to read; the request id is in it for a 500. */
export const ErrorMessageSchema = z
  .string()
  .describe('For a person to read (may change between versions; never holds a secret)');

/** Body of every error except 422 (each route narrows `code` to its own, see routes/responses). */
export const ErrorBodySchema = z.object({
  detail: z
    .object({
      code: ErrorCodeSchema.describe('Stable: branch on it (docs/errors.md lists every code)'),
      message: ErrorMessageSchema,
    })
    .describe('What went wrong'),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One problem in a 422, shaped as pydantic v2 reports it (`type` uses pydantic's names). */
export const ValidationIssueSchema = z.object({
  loc: z
    .array(z.union([z.string(), z.number()]))
    .describe(
      'Where: `body`, `query`, `path` or `header`, then the keys and array indexes down to the field, e.g. ["body", "itens", 0, "ncm"]',
    ),
  msg: z.string().describe('What is wrong, for a person to read'),
  type: z
    .string()
    .describe(
      'Stable kind of problem, pydantic v2 names where one fits: missing, string_too_long, literal_error, decimal_parsing, …',
    ),
  input: z
    .unknown()
    .optional()
    .describe('The value that was refused (absent for a missing field and for headers)'),
  ctx: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The limit that was broken, e.g. {"max_length": 64}'),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** Body of every 422. */
export const HTTPValidationErrorSchema = z.object({
  detail: z.array(ValidationIssueSchema).describe('One item per problem found'),
});
export type HTTPValidationError = z.infer<typeof HTTPValidationErrorSchema>;
