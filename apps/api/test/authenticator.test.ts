import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyKeyHash } from '../src/auth/api-key.js';
import { createAuthenticator } from '../src/auth/authenticator.js';
import { deleteProduct, rotateProductKey } from '../src/modules/products/products.service.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * The key cache under concurrency, on the real products table and real bcrypt. The clock is the
 * authenticator's own parameter, so expiry is stepped rather than slept; bcrypt is the real one,
 * wrapped to count its runs.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TTL = 10_000;

function setup(ttlMs = TTL) {
  let time = 1_000_000;
  const counter = { bcrypt: 0 };
  const authenticator = createAuthenticator(server.database.db, {
    ttlMs,
    now: () => time,
    verifyHash: (key, hash) => {
      counter.bcrypt += 1;
      return verifyKeyHash(key, hash);
    },
  });
  const all = (key: string, n = 64) =>
    Promise.all(Array.from({ length: n }, () => authenticator.authenticate(key)));
  return { authenticator, counter, all, advance: (ms: number) => (time += ms) };
}

describe('API key cache', () => {
  it('runs bcrypt once for 64 concurrent requests with a key it has not seen', async () => {
    const { id, apiKey } = await server.newProduct();
    const { counter, all } = setup();
    expect(new Set(await all(apiKey))).toEqual(new Set([id]));
    expect(counter.bcrypt).toBe(1);
  });

  it('runs no bcrypt when 64 concurrent requests arrive just after the entry expired', async () => {
    const { id, apiKey } = await server.newProduct();
    const { counter, all, advance } = setup();
    await all(apiKey, 1);
    advance(TTL + 1);
    expect(new Set(await all(apiKey))).toEqual(new Set([id]));
    // The product still holds the hash the key matched: a query confirms it, not bcrypt.
    expect(counter.bcrypt).toBe(1);
  });

  it("keeps a deleted product's key for the first half of the TTL and refuses it once the TTL ran out", async () => {
    const product = await server.newProduct();
    const { authenticator, advance } = setup();
    expect(await authenticator.authenticate(product.apiKey)).toBe(product.id);
    await deleteProduct(server.database.db, product.id);
    advance(TTL / 2 - 1);
    // Before half the TTL no re-check starts: the cached entry answers.
    expect(await authenticator.authenticate(product.apiKey)).toBe(product.id);
    await authenticator.idle();
    advance(TTL / 2 + 1);
    expect(await authenticator.authenticate(product.apiKey)).toBeUndefined();
  });

  it('re-confirms a key in the background past half the TTL and drops it when the product is deleted', async () => {
    const product = await server.newProduct();
    const { authenticator, all, advance } = setup();
    await all(product.apiKey, 1);
    await deleteProduct(server.database.db, product.id);
    advance(TTL / 2);
    // Still within the TTL: answered from the cache at once, and a re-check starts.
    expect(await authenticator.authenticate(product.apiKey)).toBe(product.id);
    await authenticator.idle();
    // Well before the TTL ran out, the deleted product's key no longer opens anything.
    advance(1);
    expect(await authenticator.authenticate(product.apiKey)).toBeUndefined();
  });

  it('stops accepting a rotated key within the TTL and verifies the new key with bcrypt', async () => {
    const product = await server.newProduct();
    const { authenticator, counter, all, advance } = setup();
    await all(product.apiKey, 1);
    const rotated = await rotateProductKey(server.database.db, product.id);
    advance(TTL + 1);
    expect(new Set(await all(product.apiKey))).toEqual(new Set([undefined]));
    expect(await authenticator.authenticate(rotated!.api_key)).toBe(product.id);
    // A rotation gives a new key id, so the old key finds no product (the timing equaliser runs,
    // uncounted): one bcrypt for the first sight of the old key, one for the new key.
    expect(counter.bcrypt).toBe(2);
  });

  it('answers undefined to 64 concurrent requests with a wrong secret', async () => {
    const { apiKey } = await server.newProduct();
    const wrong = `${apiKey.slice(0, -4)}${apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const { counter, all } = setup();
    expect(new Set(await all(wrong))).toEqual(new Set([undefined]));
    expect(counter.bcrypt).toBe(1);
    // A failure is not remembered: the next request checks again.
    await all(wrong, 1);
    expect(counter.bcrypt).toBe(2);
  });

  it('checks every request with bcrypt when the TTL is 0', async () => {
    const { id, apiKey } = await server.newProduct();
    const { authenticator, counter } = setup(0);
    for (let i = 0; i < 3; i++) expect(await authenticator.authenticate(apiKey)).toBe(id);
    expect(counter.bcrypt).toBe(3);
  });

  it('rejects a missing or malformed key without comparing it to any product hash', async () => {
    const { counter, all } = setup();
    expect(await all('', 1)).toEqual([undefined]);
    expect(await all('not-a-key', 1)).toEqual([undefined]);
    expect(counter.bcrypt).toBe(0);
  });
});
