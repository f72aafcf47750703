import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate, testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/**
 * Product B holds every id and ref of product A and tries each route with them: reads are 404 or
 * empty, writes touch only B's own rows, and no answer contains anything of A's.
 */
let server: TestServer;
let a: Awaited<ReturnType<TestServer['newProduct']>>;
let b: Awaited<ReturnType<TestServer['newProduct']>>;
const refs = { tenant_ref: 'shared-tenant', branch_ref: 'shared-branch' };
let aSeriesId: string;
let aCertificateId: string;
let aDocument: { id: string; chave_acesso: string };
/** Every value of A's that must never appear in an answer to B. */
let aSecrets: string[];

beforeAll(async () => {
  server = await startTestServer();
  a = await server.newProduct('A');
  b = await server.newProduct('B');
  ({ seriesId: aSeriesId, certificateId: aCertificateId } = await prepareBranch(
    server.url,
    a,
    refs,
  ));
  const res = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': a.apiKey,
      'content-type': 'application/json',
      'idempotency-key': 'a-key-1',
    },
    body: JSON.stringify(emissionRequest(refs)),
  });
  aDocument = (await res.json()) as typeof aDocument;
  aSecrets = [a.id, aSeriesId, aCertificateId, aDocument.id, aDocument.chave_acesso];
});
afterAll(() => server?.close());

async function asB(
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': b.apiKey,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const q = new URLSearchParams(refs).toString();

describe("another product's ids and refs", () => {
  const matrix: [
    string,
    () => Promise<{ status: number; text: string; json: unknown }>,
    number,
    unknown?,
  ][] = [
    ['GET /v1/series (A refs)', () => asB('GET', `/v1/series?${q}`), 200, []],
    [
      'PATCH /v1/series/:id (A series)',
      () => asB('PATCH', `/v1/series/${aSeriesId}`, { body: { next_number: 500 } }),
      404,
    ],
    ['GET /v1/certificados (A refs)', () => asB('GET', `/v1/certificados?${q}`), 404],
    ['DELETE /v1/certificados (A refs)', () => asB('DELETE', `/v1/certificados?${q}`), 404],
    [
      'POST /v1/emissoes (A refs)',
      () =>
        asB('POST', '/v1/emissoes', {
          body: emissionRequest(refs),
          headers: { 'idempotency-key': newKey() },
        }),
      404,
    ],
    // A's idempotency key is A's: for B it is a fresh key, so it meets B's (missing) series.
    [
      'POST /v1/emissoes (A key)',
      () =>
        asB('POST', '/v1/emissoes', {
          body: emissionRequest(refs),
          headers: { 'idempotency-key': 'a-key-1' },
        }),
      404,
    ],
    ['GET /v1/documentos (no filter)', () => asB('GET', '/v1/documentos'), 200, []],
    ['GET /v1/documentos (A refs)', () => asB('GET', `/v1/documentos?${q}`), 200, []],
    [
      'GET /v1/documentos?status=assinada',
      () => asB('GET', '/v1/documentos?status=assinada&limit=200'),
      200,
      [],
    ],
    ['GET /v1/documentos/:id (A doc)', () => asB('GET', `/v1/documentos/${aDocument.id}`), 404],
    [
      'GET /v1/documentos/:id/xml (A doc)',
      () => asB('GET', `/v1/documentos/${aDocument.id}/xml`),
      404,
    ],
  ];

  it.each(matrix)('%s: 404 or empty, nothing of A', async (_name, call, status, body) => {
    const res = await call();
    expect(res.status).toBe(status);
    if (body !== undefined) expect(res.json).toEqual(body);
    for (const secret of aSecrets) expect(res.text).not.toContain(secret);
  });

  it("B's writes on A's refs create B's own rows and leave A's untouched", async () => {
    const created = await asB('POST', '/v1/series', {
      body: { ...refs, serie: 1, next_number: 900 },
    });
    expect(created.status).toBe(201);
    expect((created.json as { product_id: string }).product_id).toBe(b.id);
    const pfx = testPfx({ cnpj: EMITTER_CNPJ });
    const cert = await postCertificate(server.url, b.apiKey, refs, {
      cnpj: EMITTER_CNPJ,
      password: pfx.password,
      file: pfx.pfx,
    });
    expect(cert.status).toBe(201);
    expect(cert.body.id).not.toBe(aCertificateId);
    // Now B emits on the same refs: B's series numbers it, A's counter does not move.
    const emitted = await asB('POST', '/v1/emissoes', {
      body: emissionRequest(refs),
      headers: { 'idempotency-key': 'a-key-1' },
    });
    expect(emitted.status).toBe(201);
    expect((emitted.json as { numero: number; product_id: string }).numero).toBe(900);
    expect((emitted.json as { product_id: string }).product_id).toBe(b.id);

    const aSeries = await a.client.series.listSeries({ query: refs });
    expect(aSeries.body).toEqual([expect.objectContaining({ id: aSeriesId, next_number: 2 })]);
    const aCert = await a.client.certificates.getCertificate({ query: refs });
    expect(aCert.status).toBe(200);
    expect((aCert.body as { id: string }).id).toBe(aCertificateId);
    const aDocs = await a.client.documents.listDocuments({ query: {} });
    expect((aDocs.body as { id: string }[]).map((d) => d.id)).toEqual([aDocument.id]);
    // And B sees only its own document.
    const bDocs = await asB('GET', '/v1/documentos');
    expect((bDocs.json as { product_id: string }[]).map((d) => d.product_id)).toEqual([b.id]);
  });
});
