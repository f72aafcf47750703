import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Product = Awaited<ReturnType<TestServer['newProduct']>>;

let counter = 0;
const refs = () => ({ tenant_ref: `media-${++counter}`, branch_ref: 'b1' });

/** A request as any HTTP client might send it: the body's bytes and exactly the headers given. */
async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
) {
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

const seriesOf = async (product: Product, r: { tenant_ref: string; branch_ref: string }) => {
  const list = await product.client.series.listSeries({ query: r });
  if (list.status !== 200) throw new Error(`list failed: ${list.status}`);
  return list.body.map((s) => `${s.serie}:${s.next_number}`);
};

const JSON_MESSAGE = 'This route takes a JSON body: send it with Content-Type: application/json.';

describe('a body that is not JSON where JSON is expected is a 415 that changes nothing', () => {
  it.each([
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
  ])('POST /v1/series with %s', async (contentType) => {
    const product = await server.newProduct();
    const r = refs();
    const res = await send(
      'POST',
      '/v1/series',
      { 'x-api-key': product.apiKey, 'content-type': contentType },
      JSON.stringify({ ...r, serie: 1, next_number: 1 }),
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      detail: { code: 'unsupported_media_type', message: JSON_MESSAGE },
    });
    expect(res.text).not.toContain(contentType);
    expect(await seriesOf(product, r)).toEqual([]);
  });

  it('a body without any Content-Type says the header is missing', async () => {
    const product = await server.newProduct();
    const r = refs();
    // fetch adds no Content-Type for raw bytes (it adds text/plain for a string).
    const res = await send(
      'POST',
      '/v1/series',
      { 'x-api-key': product.apiKey },
      new TextEncoder().encode(JSON.stringify({ ...r, serie: 1, next_number: 1 })),
    );
    expect(res.status).toBe(415);
    expect(res.body.detail).toEqual({
      code: 'unsupported_media_type',
      message:
        'The request has a body but no Content-Type; this route takes JSON: send Content-Type: application/json.',
    });
    expect(await seriesOf(product, r)).toEqual([]);
  });

  it('PATCH /v1/series/{id} as text/plain leaves the next number alone', async () => {
    const product = await server.newProduct();
    const r = refs();
    const created = await product.client.series.createSeries({
      body: { ...r, serie: 1, next_number: 5 },
    });
    if (created.status !== 201) throw new Error('setup failed');
    const res = await send(
      'PATCH',
      `/v1/series/${created.body.id}`,
      { 'x-api-key': product.apiKey, 'content-type': 'text/plain' },
      '{"next_number": 9}',
    );
    expect(res.status).toBe(415);
    expect(res.body.detail.code).toBe('unsupported_media_type');
    expect(await seriesOf(product, r)).toEqual(['1:5']);
  });

  it('POST /v1/emissoes as form data issues nothing and uses no number', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const res = await send(
      'POST',
      '/v1/emissoes',
      {
        'x-api-key': product.apiKey,
        'idempotency-key': newKey(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      JSON.stringify(emissionRequest(r)),
    );
    expect(res.status).toBe(415);
    expect(res.body.detail.code).toBe('unsupported_media_type');
    expect(await seriesOf(product, r)).toEqual(['1:1']);
    const documents = await server.database.db
      .selectFrom('documents')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(documents).toEqual([]);
  });
});

describe('what is not a 415', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'application/vnd.emissor+json'])(
    '%s is parsed as JSON',
    async (contentType) => {
      const product = await server.newProduct();
      const r = refs();
      const res = await send(
        'POST',
        '/v1/series',
        { 'x-api-key': product.apiKey, 'content-type': contentType },
        JSON.stringify({ ...r, serie: 3, next_number: 1 }),
      );
      expect(res.status).toBe(201);
      expect(await seriesOf(product, r)).toEqual(['3:1']);
    },
  );

  it('no body at all is left to the route: 422 on the missing fields', async () => {
    const product = await server.newProduct();
    const res = await send('POST', '/v1/series', { 'x-api-key': product.apiKey });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc[0]).toBe('body');
  });

  it('a multipart certificate upload is not affected (its route takes multipart)', async () => {
    const product = await server.newProduct();
    const form = new FormData();
    form.set('cnpj', '12345678000195');
    const res = await fetch(`${server.url}/v1/certificados?tenant_ref=t&branch_ref=b`, {
      method: 'POST',
      headers: { 'x-api-key': product.apiKey },
      body: form,
    });
    expect(res.status).toBe(422);
  });

  it('an unknown route stays a 404 whatever the body', async () => {
    const res = await send('POST', '/v1/nada', { 'content-type': 'text/plain' }, 'x');
    expect(res.status).toBe(404);
    expect(res.body.detail.code).toBe('not_found');
  });
});
