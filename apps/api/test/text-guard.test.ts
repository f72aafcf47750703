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

// justificativa and correcao go into the event or inutNFe as typed: printable Latin-1 only
// (docs/events.md), so a control character is a 422 on the field before anything is stored.
describe('control characters in justificativa and correcao', () => {
  const text = (inner: string) => `Pedido cancelado${inner}pelo cliente`;
  const controls = {
    'U+0001': '\u0001',
    'a tab': '\t',
    'a line break': '\n',
    'U+001F': '\u001f',
    'DEL (U+007F)': '\u007f',
    'U+0080': '\u0080',
    'NEL (U+0085)': '\u0085',
    'U+009F': '\u009f',
  };
  const document = '6f1a1f8e-9b1c-4c5e-8f53-0d2a4b1e2c3d';

  async function post(path: string, body: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'x-api-key': product.apiKey,
        'content-type': 'application/json',
        'idempotency-key': newKey(),
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { detail: { loc: unknown[]; type: string }[] },
    };
  }
  const routes = (value: string) =>
    [
      [`/v1/documentos/${document}/cancelamento`, { justificativa: value }, 'justificativa'],
      [`/v1/documentos/${document}/cartas-correcao`, { correcao: value }, 'correcao'],
      [
        '/v1/inutilizacoes',
        {
          ...refs,
          serie: 1,
          numero_inicial: 1,
          numero_final: 1,
          justificativa: value,
          ambiente: 'homologacao',
          uf: 'SP',
        },
        'justificativa',
      ],
    ] as const;

  it.each(Object.entries(controls))('%s → 422 on the field', async (_name, control) => {
    for (const [path, body, field] of routes(text(control))) {
      const res = await post(path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.detail, path).toContainEqual(
        expect.objectContaining({ loc: ['body', field], type: 'string_pattern_mismatch' }),
      );
    }
  });

  it('printable Latin-1 (accents, NBSP) passes the check (then SEFAZ=off answers 409)', async () => {
    for (const [path, body] of routes('Devolução da mercadoria\u00a0à loja'))
      expect((await post(path, body)).status, path).toBe(409);
  });
});
