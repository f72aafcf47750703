// `Prefer` (RFC 7240): the API honours `wait=N` (1–60) and ignores every preference it does not
// understand, of any length, beside it or alone: never a 422. Real HTTP, real PostgreSQL, SEFAZ
// off (a document is final at once, so a wait answers at once).
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, emitDocument, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let product: Awaited<ReturnType<TestServer['newProduct']>>;
let documentId: string;
const refs = { tenant_ref: 'prefer', branch_ref: 'b1' };

beforeAll(async () => {
  server = await startTestServer();
  product = await server.newProduct();
  await prepareBranch(server.url, product, refs);
  documentId = (await emitDocument(product.client, emissionRequest(refs))).id;
});
afterAll(() => server.close());

const long = `x-trace="${'a, b; c '.repeat(100)}"`; // 800 characters, commas and semicolons quoted

async function readDocument(prefer: string) {
  const res = await fetch(`${server.url}/v1/documentos/${documentId}`, {
    headers: { 'x-api-key': product.apiKey, prefer },
  });
  return { status: res.status, applied: res.headers.get('preference-applied') };
}

describe('Prefer', () => {
  it('a preference the API does not understand, however long, is ignored', async () => {
    for (const prefer of [
      long,
      'x'.repeat(5000),
      'respond-async',
      'return=minimal, handling=strict',
    ])
      expect(await readDocument(prefer), prefer.slice(0, 40)).toEqual({
        status: 200,
        applied: null,
      });
  });

  it('wait=N is honoured beside other preferences, long ones included', async () => {
    for (const prefer of [
      `${long}, wait=5`,
      `respond-async, wait=5; x=1, ${long}`,
      `handling=lenient,WAIT = "5"`,
    ])
      expect(await readDocument(prefer), prefer.slice(-40)).toEqual({
        status: 200,
        applied: 'wait=5',
      });
  });

  it('a wait outside 1–60 or not a number is ignored, as documented; a quoted "wait=" is no preference', async () => {
    for (const prefer of ['wait=0', 'wait=61', 'wait=abc', 'wait=', 'wait=5.5', 'x="a, wait=5"'])
      expect(await readDocument(prefer), prefer).toEqual({ status: 200, applied: null });
  });

  it('POST /v1/emissoes and the event and inutilização routes take any Prefer too', async () => {
    const emitted = await fetch(`${server.url}/v1/emissoes`, {
      method: 'POST',
      headers: {
        'x-api-key': product.apiKey,
        'content-type': 'application/json',
        'idempotency-key': newKey(),
        prefer: `${long}, wait=2`,
      },
      body: JSON.stringify(emissionRequest(refs)),
    });
    expect(emitted.status).toBe(201);
    expect(emitted.headers.get('preference-applied')).toBe('wait=2');

    // SEFAZ is off: past the contract's checks these routes answer 409 sefaz_disabled.
    const cancel = await fetch(`${server.url}/v1/documentos/${documentId}/cancelamento`, {
      method: 'POST',
      headers: {
        'x-api-key': product.apiKey,
        'content-type': 'application/json',
        'idempotency-key': newKey(),
        prefer: long,
      },
      body: JSON.stringify({ justificativa: 'Pedido cancelado pelo cliente' }),
    });
    expect(cancel.status).toBe(409);
    for (const path of [`/v1/eventos/${randomUUID()}`, `/v1/inutilizacoes/${randomUUID()}`]) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { 'x-api-key': product.apiKey, prefer: long },
      });
      expect(res.status, path).toBe(404);
    }
  });
});
