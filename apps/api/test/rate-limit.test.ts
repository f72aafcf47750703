import http from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAuthFailureLimiter } from '../src/http/rate-limit.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** A GET from a chosen loopback address (all of 127.0.0.0/8 is local on Linux): a second "client". */
function getFrom(
  localAddress: string,
  url: string,
  apiKey: string,
): Promise<{ status: number; retryAfter?: string; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        localAddress,
        headers: { 'x-api-key': apiKey },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            body: JSON.parse(text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('repeated failed authentications from one address', () => {
  let server: TestServer;
  let apiKey: string;
  let url: string;
  beforeAll(async () => {
    // Keys cached so the many good requests below do not each pay bcrypt.
    server = await startTestServer({ env: { API_KEY_CACHE_TTL_MS: '60000' } });
    apiKey = (await server.newProduct()).apiKey;
    url = `${server.url}/v1/series?tenant_ref=t&branch_ref=b`;
  });
  afterAll(() => server?.close());

  it('counts only failures, then answers 429 rate_limited with Retry-After to that address alone', async () => {
    // Successes are never counted: 50 good requests, then 20 bad ones are all plain 401s.
    for (let i = 0; i < 50; i++) expect((await getFrom('127.0.0.1', url, apiKey)).status).toBe(200);
    for (let i = 0; i < 20; i++)
      expect((await getFrom('127.0.0.1', url, `emk_bad_${i}`)).status).toBe(401);

    const limited = await getFrom('127.0.0.1', url, 'emk_bad_21');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: { code: 'rate_limited', message: expect.any(String) } });
    const seconds = Number(limited.retryAfter);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // A valid key is never refused, not even from the limited address.
    expect((await getFrom('127.0.0.1', url, apiKey)).status).toBe(200);
    expect((await getFrom('127.0.0.1', url, 'emk_bad_22')).status).toBe(429);
    // Another address is not affected; health needs no key and is never limited.
    expect((await getFrom('127.0.0.2', url, 'emk_bad_23')).status).toBe(401);
    expect((await getFrom('127.0.0.2', url, apiKey)).status).toBe(200);
    expect((await getFrom('127.0.0.1', `${server.url}/v1/health`, '')).status).toBe(200);
    // The typed client knows 429 (declared in the contract) instead of throwing on it.
    const { createEmissorClient } = await import('@emissor/client');
    const typed = await createEmissorClient({
      baseUrl: server.url,
      apiKey: 'emk_bad_24',
    }).series.listSeries({ query: { tenant_ref: 't', branch_ref: 'b' } });
    expect(typed.status).toBe(429);
  });
});

describe('the sliding window', () => {
  it('frees an address as its failures age out of the window', () => {
    let now = 0;
    const limiter = createAuthFailureLimiter({ maxFailures: 3, windowMs: 60_000, now: () => now });
    for (const t of [0, 10_000, 20_000]) {
      now = t;
      expect(limiter.check('a')).toBeUndefined();
      limiter.recordFailure('a');
    }
    now = 30_000;
    const blocked = limiter.check('a');
    expect(blocked?.status).toBe(429);
    // Free once the failure at t=0 leaves the window (t=60 000): Retry-After says 30 s.
    expect(blocked?.headers['Retry-After']).toBe('30');
    now = 59_999;
    expect(limiter.check('a')).toBeDefined();
    now = 60_001;
    expect(limiter.check('a')).toBeUndefined();
    expect(limiter.check('b')).toBeUndefined();
  });

  it('tracks a bounded number of addresses', () => {
    const limiter = createAuthFailureLimiter({
      maxFailures: 1,
      windowMs: 60_000,
      maxClients: 2,
      now: () => 0,
    });
    limiter.recordFailure('a');
    limiter.recordFailure('b');
    limiter.recordFailure('c'); // forgets 'a', the oldest
    expect(limiter.check('a')).toBeUndefined();
    expect(limiter.check('c')?.status).toBe(429);
  });
});
