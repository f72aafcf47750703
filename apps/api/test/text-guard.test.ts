// NUL characters cannot reach PostgreSQL text: a 422 naming the field, for bodies and query strings.
// Bodies are walked only when their raw JSON has a `\u0000` escape, so these cases pin both sides
// of that shortcut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let product: Awaited<ReturnType<TestServer['newProduct']>>;
const refs = { tenant_ref: 'nul', branch_ref: 'guard' };

beforeAll(async () => {
  server = await startTestServer();
  product = await server.newProduct();
  await prepareBranch(server.url, product, refs);
});
afterAll(() => server.close());

async function emitText(text: string) {
  const res = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': product.apiKey,
      'content-type': 'application/json',
      'idempotency-key': newKey(),
    },
    body: text,
  });
  return {
    status: res.status,
    body: (await res.json()) as { detail?: { loc: (string | number)[]; type: string }[] },
  };
}

const asJson = (value: unknown) => JSON.stringify(value);

describe('NUL characters', () => {
  it('a \\u0000 escape in a body string → 422 on that field, nothing stored', async () => {
    const body = emissionRequest(refs);
    body.itens[0]!.descricao = 'before\u0000after';
    const res = await emitText(asJson(body));
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'itens', 0, 'descricao'],
        type: 'string_pattern_mismatch',
      }),
    );
    const series = await product.client.series.listSeries({ query: refs });
    expect(series.status === 200 && series.body[0]?.next_number).toBe(1);
  });

  it('a \\u0000 escape in a key → 422', async () => {
    const text = asJson(emissionRequest(refs)).replace('"emitente"', '"emit\\u0000ente"');
    const res = await emitText(text);
    expect(res.status).toBe(422);
    expect(res.body.detail?.[0]?.loc).toEqual(['body', 'emit\u0000ente']);
  });

  it('an escaped backslash before "u0000" is text, not a NUL: the emission goes through', async () => {
    const body = emissionRequest(refs);
    body.itens[0]!.descricao = 'path C:\\u0000 literal';
    expect(asJson(body)).toContain('\\\\u0000');
    const res = await emitText(asJson(body));
    expect(res.status).toBe(201);
  });

  it('a NUL in the query string → 422 on that parameter', async () => {
    const res = await fetch(`${server.url}/v1/series?tenant_ref=a%00b&branch_ref=x`, {
      headers: { 'x-api-key': product.apiKey },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: string[] }[] };
    expect(body.detail[0]?.loc).toEqual(['query', 'tenant_ref']);
  });
});
