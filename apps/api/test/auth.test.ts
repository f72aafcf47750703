import { createEmissorClient } from '@emissor/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { deleteProduct, rotateProductKey } from '../src/modules/products/products.service.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const query = { tenant_ref: 't1', branch_ref: 'b1' };
const UNAUTHORIZED = { detail: { code: 'unauthorized', message: 'Missing or invalid API key.' } };

async function rawGet(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('X-Api-Key', () => {
  it('lets a valid key through', async () => {
    const { client } = await server.newProduct();
    const res = await client.series.listSeries({ query });
    expect(res.status).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['malformed', { 'x-api-key': 'not-a-key' }],
    ['well-formed but unknown', { 'x-api-key': `emk_0123456789abcdef_${'A'.repeat(43)}` }],
  ])('answers 401 for a %s key, with the same body', async (_name, headers) => {
    const res = await rawGet('/v1/series?tenant_ref=t1&branch_ref=b1', headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a wrong secret with a real key id', async () => {
    const { apiKey } = await server.newProduct();
    const wrong = `${apiKey.slice(0, -4)}${apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const res = await rawGet('/v1/series?tenant_ref=t1&branch_ref=b1', { 'x-api-key': wrong });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 once the product is soft-deleted', async () => {
    const product = await server.newProduct();
    expect((await product.client.series.listSeries({ query })).status).toBe(200);
    expect(await deleteProduct(server.database.db, product.id)).toBe(true);
    const res = await product.client.series.listSeries({ query });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('stops accepting the old key after a rotation', async () => {
    const product = await server.newProduct();
    const rotated = await rotateProductKey(server.database.db, product.id);
    expect((await product.client.series.listSeries({ query })).status).toBe(401);
    const fresh = createEmissorClient({ baseUrl: server.url, apiKey: rotated!.api_key });
    expect((await fresh.series.listSeries({ query })).status).toBe(200);
  });

  it('checks the key before the request (401 wins over 422)', async () => {
    const res = await rawGet('/v1/series');
    expect(res.status).toBe(401);
  });

  it('needs no key for health, and says which version runs', async () => {
    const res = await rawGet('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const ready = await rawGet('/v1/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });

  it('puts a request id on every response, keeping a sane incoming one', async () => {
    const generated = await rawGet('/v1/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await rawGet('/v1/series', { 'x-request-id': 'caller-id-123' });
    expect(kept.headers.get('x-request-id')).toBe('caller-id-123');
  });

  it('never writes a key to the log', async () => {
    const { apiKey, client } = await server.newProduct();
    await client.series.listSeries({ query });
    await rawGet('/v1/series?tenant_ref=t1&branch_ref=b1', { 'x-api-key': `${apiKey}x` });
    const secret = apiKey.slice('emk_0123456789abcdef_'.length); // the secret may itself contain '_'
    expect(secret).toHaveLength(43);
    expect(server.logs.length).toBeGreaterThan(0);
    expect(server.logs.join('\n')).not.toContain(secret);
  });
});

// The expiry itself is stepped with the authenticator's clock in authenticator.test.ts; here only
// that the server's authenticator takes its TTL from the environment: the test servers' default is
// 0, which refuses a deleted product's key at once ('answers 401 once the product is soft-deleted').
describe('key cache', () => {
  it('trusts a checked key for API_KEY_CACHE_TTL_MS, even after its product is deleted', async () => {
    const cached = await startTestServer({ env: { API_KEY_CACHE_TTL_MS: '600000' } });
    try {
      const product = await cached.newProduct();
      expect((await product.client.series.listSeries({ query })).status).toBe(200);
      await deleteProduct(cached.database.db, product.id);
      expect((await product.client.series.listSeries({ query })).status).toBe(200);
    } finally {
      await cached.close();
    }
  });
});
