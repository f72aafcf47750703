// A request body compressed in a way the API cannot read is a 415 that names what it can read
// (RFC 9110 §15.5.16 and §12.5.3: the answer's Accept-Encoding lists the codings accepted), on
// every route that takes a body: JSON ones read gzip and deflate, the multipart certificate upload
// only uncompressed bytes. Real HTTP, real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest, newKey } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let product: Awaited<ReturnType<TestServer['newProduct']>>;
const refs = { tenant_ref: 'encodings', branch_ref: 'b1' };

beforeAll(async () => {
  server = await startTestServer();
  product = await server.newProduct();
});
afterAll(() => server.close());

async function send(
  method: string,
  path: string,
  body: string | Uint8Array | FormData,
  headers: Record<string, string>,
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-api-key': product.apiKey, ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const json = (encoding: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'content-encoding': encoding,
  'idempotency-key': newKey(),
  ...extra,
});

const seriesBody = (serie: number) => JSON.stringify({ ...refs, serie, next_number: 1 });

async function seriesNumbers(): Promise<number[]> {
  const list = await product.client.series.listSeries({ query: refs });
  return list.status === 200 ? list.body.map((s) => s.serie) : [];
}

describe('Content-Encoding the API cannot decode → 415 unsupported_content_encoding', () => {
  it('on a JSON route: br, zstd, x-gzip, unknown codings and lists; nothing is created', async () => {
    const codings = ['br', 'zstd', 'x-gzip', 'compress', 'snappy', 'gzip, br', 'gzip, gzip'];
    for (const coding of codings) {
      const res = await send('POST', '/v1/series', seriesBody(700), json(coding));
      expect(res.status, coding).toBe(415);
      expect(res.body.detail.code, coding).toBe('unsupported_content_encoding');
      expect(res.body.detail.message, coding).toMatch(/gzip.*deflate/);
      expect(res.headers.get('accept-encoding'), coding).toBe('gzip, deflate, identity');
    }
    expect(await seriesNumbers()).toEqual([]);
  });

  it('every JSON route answers the same, whatever the body would have said', async () => {
    const document = randomUUID();
    const routes = [
      ['POST', '/v1/emissoes', JSON.stringify(emissionRequest(refs))],
      ['PATCH', `/v1/series/${randomUUID()}`, JSON.stringify({ next_number: 2 })],
      ['POST', `/v1/documentos/${document}/cancelamento`, '{"justificativa":"x"}'],
      ['POST', `/v1/documentos/${document}/cartas-correcao`, '{"correcao":"x"}'],
      ['POST', '/v1/inutilizacoes', '{}'],
    ] as const;
    for (const [method, path, body] of routes) {
      const res = await send(method, path, body, json('br'));
      expect(res.status, path).toBe(415);
      expect(res.body.detail.code, path).toBe('unsupported_content_encoding');
    }
  });

  it('the multipart certificate upload takes its bytes uncompressed: any coding is a 415 naming identity', async () => {
    const pfx = testPfx({ cnpj: EMITTER_CNPJ });
    const form = () => {
      const data = new FormData();
      data.set('cnpj', EMITTER_CNPJ);
      data.set('password', pfx.password);
      data.set('file', new Blob([pfx.pfx]), 'cert.pfx');
      return data;
    };
    const path = `/v1/certificados?${new URLSearchParams(refs).toString()}`;
    // A gzip-compressed form: the form reader would see compressed bytes, never the form.
    const encoded = new Response(form());
    const bytes = gzipSync(Buffer.from(await encoded.arrayBuffer()));
    const contentType = encoded.headers.get('content-type') ?? '';
    for (const coding of ['gzip', 'br']) {
      const res = await send('POST', path, bytes, {
        'content-type': contentType,
        'content-encoding': coding,
      });
      expect(res.status, coding).toBe(415);
      expect(res.body.detail.code, coding).toBe('unsupported_content_encoding');
      expect(res.headers.get('accept-encoding'), coding).toBe('identity');
    }
    // Uncompressed (with or without `identity`) it is stored as before.
    const plain = await send('POST', path, form(), { 'content-encoding': 'identity' });
    expect(plain.status).toBe(201);
  });

  it('gzip, deflate and identity (any case) are still read', async () => {
    const gzip = await send('POST', '/v1/series', gzipSync(seriesBody(701)), json('GZIP'));
    expect(gzip.status).toBe(201);
    const identity = await send('POST', '/v1/series', seriesBody(702), json('identity'));
    expect(identity.status).toBe(201);
    expect(await seriesNumbers()).toEqual([701, 702]);
  });
});
