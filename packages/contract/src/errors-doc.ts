import { ERROR_CODE_DESCRIPTIONS } from './schemas/errors.js';

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * `docs/errors.md`: the error-code catalogue, generated from {@link ERROR_CODE_DESCRIPTIONS} so
 * the documentation lists exactly the codes the server and the SDK share. Pure: the caller writes it.
 */
export function renderErrorCatalogue(): string {
  const rows = Object.entries(ERROR_CODE_DESCRIPTIONS)
    .sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b))
    .map(
      ([code, { status, description }]) =>
        `| ${status} | \`${code}\` | ${escapeCell(description)} |`,
    );
  return [
    '<!-- Generated from ERROR_CODE_DESCRIPTIONS in packages/contract/src/schemas/errors.ts by',
    '     `pnpm docs:errors`; do not edit by hand (a test fails when this file is stale). -->',
    '',
    '# Error codes',
    '',
    'Every error except 422 has the body `{"detail": {"code": "<code>", "message": "<text for a person>"}}`.',
    'Branch on `code` (stable); show `message` (may change). Every response carries `X-Request-Id`; a 500',
    'message includes it, so a log line can be found. With `@emissor/client`, `isErrorCode(res, code)`',
    'narrows a response to one code.',
    '',
    '| Status | Code | Meaning |',
    '|---|---|---|',
    ...rows,
    '',
    '## 422: request validation',
    '',
    'A 422 is always `HTTPValidationError`: `{"detail": [{"loc": [...], "msg": "...", "type": "...", "input"?, "ctx"?}]}`,',
    'one item per problem found. `loc` starts with `body`, `query`, `path` or `header` (header names in',
    'lower case, e.g. `["header", "idempotency-key"]`); `type` uses pydantic v2 names where one fits',
    '(`missing`, `string_too_long`, `greater_than_equal`, `literal_error`, `extra_forbidden`, …).',
    'Problems with an uploaded certificate are 422s on the form field: `certificate_password_invalid`',
    '(`password`), `certificate_unreadable`, `certificate_no_private_key`, `certificate_cnpj_missing`,',
    '`certificate_expired` (`file`) and `certificate_cnpj_root_mismatch` (`cnpj`).',
    'An emission whose signed NF-e could never be sent (over the 500 KB SEFAZ takes for its lot) is',
    '`document_too_large` at `["body", "itens"]`, refused before a number is taken, with `ctx`',
    '`{"size_bytes", "limit_bytes"}`: split the items over several NF-e or shorten their texts.',
    '',
    'Input is taken as sent or refused, never rewritten: a JSON body must be UTF-8 and an object or array',
    '(`json_invalid` on `["body"]`, also for gzip/deflate bytes that do not decompress); a string or key',
    'holding a lone UTF-16 surrogate, or a query value whose percent-encoding is not UTF-8, is',
    '`string_unicode`; a JSON number a binary float cannot hold exactly (more digits than about 15, or',
    'beyond its range) is `decimal_max_digits` or `finite_number` — send decimals as strings to keep every',
    'digit. Lengths count characters (code points). `input` never holds a header value.',
    '',
    '## Retrying',
    '',
    '`503 service_unavailable` comes with `Retry-After`; retry after that many seconds. An emission may be',
    'retried after any network error or 503 **with the same `Idempotency-Key`**: it never issues a second',
    "document (`@emissor/client`'s `emit()` does this for you). Other 4xx need a change before a retry.",
    '',
  ].join('\n');
}
