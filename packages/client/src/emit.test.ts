import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';

import { createEmissorClient, EmitNetworkError, type EmitBody } from './client.js';
import { isErrorCode } from './errors.js';
import { backoffDelay, parseRetryAfter, RETRY_DEFAULTS } from './retry.js';

/** What the fake emission endpoint does with the n-th request (0-based). */
type Step =
  'create-then-drop' | 'drop' | { status: number; retryAfter?: string; code?: string } | 'emit';

/**
 * A real HTTP server with the API's idempotency rule: one document per key, and a repeated key
 * gets the stored document back with 200. `script` decides, per request, whether to answer
 * normally, fail with a status, or cut the connection (before or after storing the document).
 */
async function fakeApi(script: Step[]) {
  const keys: (string | undefined)[] = [];
  const documents = new Map<string, { id: string; numero: number }>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const step = script[keys.length] ?? 'emit';
      keys.push(key);
      expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toMatchObject({ tenant_ref: 't' });
      if (step === 'drop') return req.socket.destroy();
      if (typeof step === 'object') {
        res.writeHead(step.status, {
          'content-type': 'application/json',
          ...(step.retryAfter !== undefined ? { 'retry-after': step.retryAfter } : {}),
        });
        return res.end(
          JSON.stringify({ detail: { code: step.code ?? 'service_unavailable', message: 'm' } }),
        );
      }
      if (!key) throw new Error('no key');
      const existing = documents.get(key);
      const document = existing ?? { id: `doc-${documents.size + 1}`, numero: documents.size + 1 };
      documents.set(key, document);
      // The document is stored, but the caller never hears about it.
      if (step === 'create-then-drop') return req.socket.destroy();
      res.writeHead(existing ? 200 : 201, {
        'content-type': 'application/json',
        ...(existing ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(document));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    documents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let api: Awaited<ReturnType<typeof fakeApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const body = { tenant_ref: 't' } as unknown as EmitBody; // the wire is what matters here
const client = (url: string, maxRetries = 3) =>
  createEmissorClient({
    baseUrl: url,
    apiKey: 'k',
    retry: { maxRetries, baseDelayMs: 1, maxDelayMs: 5 },
  });

describe('emit: safe retries', () => {
  it('retries a lost response and a 503 with the same key, and one document results', async () => {
    api = await fakeApi(['create-then-drop', { status: 503, retryAfter: '0' }]);
    const res = await client(api.url).emit(body);

    expect(api.keys).toHaveLength(3);
    const [first] = api.keys;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(api.keys)).toEqual(new Set([first]));
    expect(api.documents.size).toBe(1);
    expect(res).toMatchObject({
      status: 200,
      idempotencyKey: first,
      attempts: 3,
      body: { id: 'doc-1' },
    });
    expect(res.headers.get('idempotent-replayed')).toBe('true');
  });

  it('sends the caller’s key, and a new key for each new emission', async () => {
    api = await fakeApi([]);
    const emissor = client(api.url);
    expect(await emissor.emit(body, { idempotencyKey: 'order-42' })).toMatchObject({
      status: 201,
      attempts: 1,
    });
    await emissor.emit(body);
    await emissor.emit(body);
    expect(api.keys[0]).toBe('order-42');
    expect(new Set(api.keys).size).toBe(3);
    expect(api.documents.size).toBe(3);
  });

  it('waits as long as Retry-After says, in seconds or until an HTTP date', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const waits: number[] = [];
    // A clock that records each wait instead of sleeping it: the test takes no real time.
    const clock = { now: () => now, sleep: (ms: number) => Promise.resolve(void waits.push(ms)) };
    api = await fakeApi([
      { status: 503, retryAfter: '1' },
      { status: 429, retryAfter: 'Thu, 01 Jan 2026 00:00:10 GMT', code: 'rate_limited' },
    ]);
    const emissor = createEmissorClient({ baseUrl: api.url, apiKey: 'k', clock });
    const res = await emissor.emit(body);
    expect(res).toMatchObject({ status: 201, attempts: 3 });
    expect(waits).toEqual([1000, 10_000]);
  });

  it('waits a bounded, growing backoff when no Retry-After is given', async () => {
    const waits: number[] = [];
    const clock = { now: () => 0, sleep: (ms: number) => Promise.resolve(void waits.push(ms)) };
    api = await fakeApi(['drop', { status: 503 }, 'drop']);
    const emissor = createEmissorClient({
      baseUrl: api.url,
      apiKey: 'k',
      clock,
      retry: { baseDelayMs: 100, maxDelayMs: 300 },
    });
    expect(await emissor.emit(body)).toMatchObject({ status: 201, attempts: 4 });
    // Equal jitter: half of min(max, base·2^attempt) fixed, half random.
    expect(waits).toHaveLength(3);
    const bounds = [100, 200, 300].map((d) => [d / 2, d]);
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(bounds[i]![0]!);
      expect(ms).toBeLessThanOrEqual(bounds[i]![1]!);
    });
  });

  it('gives up after maxRetries, returning the last 503', async () => {
    const unavailable = { status: 503, retryAfter: '0' };
    api = await fakeApi([unavailable, unavailable, unavailable, unavailable]);
    const res = await client(api.url).emit(body, { retries: 2 });
    expect(res).toMatchObject({ status: 503, attempts: 3 });
    expect(api.keys).toHaveLength(3);
    if (res.status === 503) expect(res.body.detail.code).toBe('service_unavailable');
  });

  it('retries a 429 after its Retry-After, with the same key', async () => {
    api = await fakeApi([{ status: 429, retryAfter: '0', code: 'rate_limited' }]);
    const res = await client(api.url).emit(body);
    expect(res).toMatchObject({ status: 201, attempts: 2 });
    expect(new Set(api.keys).size).toBe(1);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    api = await fakeApi([{ status: 503, retryAfter: '3600' }]);
    const res = await client(api.url).emit(body);
    expect(res).toMatchObject({ status: 503, attempts: 1 });
  });

  it('throws EmitNetworkError with the key when every attempt is cut off', async () => {
    api = await fakeApi(['drop', 'drop', 'drop']);
    const error: unknown = await client(api.url, 2)
      .emit(body)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmitNetworkError);
    const { idempotencyKey, attempts, cause } = error as EmitNetworkError;
    expect(attempts).toBe(3);
    expect(cause).toBeInstanceOf(TypeError);
    expect(api.keys).toEqual([idempotencyKey, idempotencyKey, idempotencyKey]);
    expect(api.documents.size).toBe(0);
  });

  it('returns other errors at once, narrowed by isErrorCode', async () => {
    api = await fakeApi([{ status: 404, code: 'series_not_found' }]);
    const res = await client(api.url).emit(body);
    expect(api.keys).toHaveLength(1);
    expect(isErrorCode(res, 'certificate_not_found')).toBe(false);
    expect(isErrorCode(res, 'series_not_found')).toBe(true);
    if (isErrorCode(res, 'series_not_found')) {
      // Narrowed: an error body whose code is exactly this one, never a document or a 422.
      expectTypeOf(res.body.detail.code).toEqualTypeOf<'series_not_found'>();
      expectTypeOf(res.status).not.toEqualTypeOf<200 | 201 | 422>();
      expect([res.status, res.body.detail.code]).toEqual([404, 'series_not_found']);
    }
  });
});

describe('retry helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off exponentially, with jitter, up to maxDelayMs', () => {
    const options = { ...RETRY_DEFAULTS, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, options, () => 0)).toBe(50);
    expect(backoffDelay(0, options, () => 1)).toBe(100);
    expect(backoffDelay(2, options, () => 1)).toBe(400);
    expect(backoffDelay(10, options, () => 1)).toBe(1000);
  });
});
