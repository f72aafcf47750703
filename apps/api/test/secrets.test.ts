import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';

import type { postCertificate } from './helpers/certificates.js';
import { testPfx } from './helpers/certificates.js';
import { contractRoutes } from './helpers/contract-routes.js';
import { EMITTER_CNPJ, emissionRequest, newKey } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/**
 * Drives every route, failures included (wrong password, wrong key, bad forms, oversize bodies,
 * unknown ids), keeps every response body and header and every server log line, and looks for the
 * API key's secret, the certificate password and the private key in all of it.
 */
let server: TestServer;
const seen: string[] = [];
const refs = { tenant_ref: 'secrets', branch_ref: 'b1' };
const pfx = testPfx({ cnpj: EMITTER_CNPJ });
let apiKey: string;

async function call(
  method: string,
  path: string,
  init: { body?: string | FormData; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-api-key': apiKey, ...init.headers },
    body: init.body,
  });
  const text = await res.text();
  seen.push(`${res.status} ${JSON.stringify([...res.headers])} ${text}`);
  return { status: res.status, text, headers: res.headers };
}
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});
const q = new URLSearchParams(refs).toString();

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'trace' } });
  apiKey = (await server.newProduct()).apiKey;
});
afterAll(() => server?.close());

describe('secrets never leave the server', () => {
  it('are in no response, header or log line, on any route, success or failure', async () => {
    const upload = async (fields: Parameters<typeof postCertificate>[3], key = apiKey) => {
      const form = new FormData();
      if (fields.cnpj !== undefined) form.set('cnpj', fields.cnpj);
      if (fields.password !== undefined) form.set('password', fields.password);
      if (fields.file !== undefined) form.set('file', new Blob([fields.file]), 'cert.pfx');
      return call('POST', `/v1/certificados?${q}`, { body: form, headers: { 'x-api-key': key } });
    };
    // Failures first: every one of these carries a secret the server must not repeat.
    expect(
      (await upload({ cnpj: EMITTER_CNPJ, password: `${pfx.password}-wrong`, file: pfx.pfx }))
        .status,
    ).toBe(422);
    expect((await upload({ cnpj: 'short', password: pfx.password, file: pfx.pfx })).status).toBe(
      422,
    );
    expect((await upload({ password: pfx.password, file: pfx.pfx })).status).toBe(422);
    expect((await upload({ cnpj: EMITTER_CNPJ, password: pfx.password })).status).toBe(422);
    expect(
      (await upload({ cnpj: '99999999000191', password: pfx.password, file: pfx.pfx })).status,
    ).toBe(422);
    expect(
      (
        await upload({
          cnpj: EMITTER_CNPJ,
          password: pfx.password,
          file: new Uint8Array(200 * 1024),
        })
      ).status,
    ).toBe(413);
    expect(
      (await upload({ cnpj: EMITTER_CNPJ, password: pfx.password, file: pfx.pfx }, `${apiKey}x`))
        .status,
    ).toBe(401);
    // The password inside a form field sent to a JSON route, and inside a bad JSON body.
    expect(
      (
        await call(
          'POST',
          '/v1/series',
          json({ ...refs, serie: -1, next_number: 1, password: pfx.password }),
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await call('POST', '/v1/series', {
          body: `{"password":"${pfx.password}"`,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call('GET', `/v1/series?${q}`, { headers: { 'x-api-key': apiKey.slice(0, -1) } }))
        .status,
    ).toBe(401);

    // Then the successful path through every route.
    expect(
      (await upload({ cnpj: EMITTER_CNPJ, password: pfx.password, file: pfx.pfx })).status,
    ).toBe(201);
    const series = await call('POST', '/v1/series', json({ ...refs, serie: 1, next_number: 1 }));
    expect(series.status).toBe(201);
    const seriesId = (JSON.parse(series.text) as { id: string }).id;
    expect((await call('PATCH', `/v1/series/${seriesId}`, json({ next_number: 5 }))).status).toBe(
      200,
    );
    expect((await call('GET', `/v1/series?${q}`)).status).toBe(200);
    expect((await call('GET', `/v1/certificados?${q}`)).status).toBe(200);
    const emitted = await call(
      'POST',
      '/v1/emissoes',
      json(emissionRequest(refs), { 'idempotency-key': newKey() }),
    );
    expect(emitted.status).toBe(201);
    const docId = (JSON.parse(emitted.text) as { id: string }).id;
    expect((await call('GET', '/v1/documentos')).status).toBe(200);
    expect((await call('GET', `/v1/documentos/${docId}`)).status).toBe(200);
    expect((await call('GET', `/v1/documentos/${docId}/xml`)).status).toBe(200);
    expect((await call('GET', `/v1/documentos/${newKey()}`)).status).toBe(404);
    expect((await call('GET', '/v1/health')).status).toBe(200);
    expect((await call('GET', '/v1/health/ready')).status).toBe(200);
    expect((await call('GET', '/v1/openapi.json')).status).toBe(200);
    expect((await call('DELETE', `/v1/certificados?${q}`)).status).toBe(204);

    const keySecret = apiKey.split('_').slice(2).join('_');
    // The key's body lines (base64) are what a leak would contain, with or without the PEM armour.
    const keyLines = pfx.privateKeyPem
      .split('\n')
      .filter((l) => l.length > 40 && !l.startsWith('-----'));
    const haystacks = { responses: seen.join('\n'), logs: server.logs.join('\n') };
    expect(server.logs.length).toBeGreaterThan(20);
    for (const [where, text] of Object.entries(haystacks)) {
      expect(text.includes(keySecret), `API key secret in ${where}`).toBe(false);
      expect(text.includes(pfx.password), `certificate password in ${where}`).toBe(false);
      for (const line of keyLines)
        expect(text.includes(line), `private key in ${where}`).toBe(false);
      expect(text.includes('PRIVATE KEY'), `PEM armour in ${where}`).toBe(false);
    }
    console.log(
      `secrets: ${seen.length} responses and ${server.logs.length} log lines searched for the key secret, the password and ${keyLines.length} private-key lines: none found`,
    );
  });

  it('keeps the certificate file and password encrypted, and the key only as a bcrypt hash, in the database', async () => {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const dump = await client.query<{ row: string }>(
        `select row_to_json(t)::text as row from (select * from certificates) t
         union all select row_to_json(p)::text from (select * from products) p`,
      );
      const text = dump.rows.map((r) => r.row).join('\n');
      expect(text).not.toContain(pfx.password);
      expect(text).not.toContain(Buffer.from(pfx.password).toString('hex'));
      expect(text).not.toContain(Buffer.from(pfx.pfx).subarray(0, 64).toString('hex'));
      expect(text).not.toContain(apiKey.split('_').slice(2).join('_'));
      expect(text).toMatch(/\$2[aby]\$/); // bcrypt
    } finally {
      await client.end();
    }
  });

  it('sets the security headers on answers of every kind', async () => {
    for (const [path, status] of [
      ['/v1/health', 200],
      ['/v1/series', 401],
      ['/nope', 404],
    ] as const) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(status);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    const big = await fetch(`${server.url}/v1/series`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      detail: { code: 'payload_too_large', message: expect.any(String) },
    });
  });
});

describe('no header value in any 422', () => {
  it('every way each route answers 422 leaves out the key, authorisation, cookies and any other header', async () => {
    const marker = `hdr-secret-${randomBytes(12).toString('hex')}`;
    const secretHeaders = {
      'x-api-key': apiKey,
      authorization: `Bearer ${marker}-auth`,
      cookie: `session=${marker}-cookie`,
      'x-forwarded-for': `${marker}-xff`,
      'user-agent': `${marker}-agent`,
    };
    const answers: string[] = [];
    let unprocessable = 0;
    const send = async (
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: string,
    ) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...secretHeaders, ...headers },
        body,
      });
      const text = await res.text();
      answers.push(`${method} ${path} ${res.status} ${JSON.stringify([...res.headers])} ${text}`);
      if (res.status === 422) unprocessable++;
      return res.status;
    };

    const routes = contractRoutes().map(({ route }) => route);
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      const bad = 'x'.repeat(300);
      const path = route.path.replace(/:[a-z_]+/g, 'not-a-uuid');
      const goodPath = route.path.replace(/:[a-z_]+/g, newKey());
      const queryKeys = route.query ? Object.keys((route.query as any).shape ?? {}) : [];
      const badQuery = queryKeys.length ? `?${queryKeys.map((k) => `${k}=${bad}`).join('&')}` : '';
      const headerKeys = route.headers ? Object.keys((route.headers as any).shape ?? {}) : [];
      const goodHeaders = Object.fromEntries(headerKeys.map((k) => [k, newKey()]));
      const jsonType = { 'content-type': 'application/json' };
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const body = withBody ? '{}' : undefined;
      const type = withBody ? jsonType : {};

      // Each part of the request wrong on its own, then all at once.
      if (path !== route.path) await send(route.method, path, { ...goodHeaders, ...type }, body);
      if (badQuery)
        await send(route.method, `${goodPath}${badQuery}`, { ...goodHeaders, ...type }, body);
      if (headerKeys.length) {
        await send(route.method, goodPath, type, body); // header missing
        await send(
          route.method,
          goodPath,
          { ...type, ...Object.fromEntries(headerKeys.map((k) => [k, `${marker}-${bad}`])) },
          body,
        ); // header too long: its value must not come back either
      }
      if (withBody) {
        for (const raw of [
          '{"x":',
          '{"x":"\\u0000"}',
          '[1,2]',
          '{"n": 1e400}',
          '{"n": 0.12345678901234567890123}',
        ])
          await send(route.method, goodPath, { ...goodHeaders, ...jsonType }, raw);
        await send(route.method, `${path === route.path ? goodPath : path}${badQuery}`, {}, body);
      }
    }
    const text = answers.join('\n');
    // Every route with any input had at least one 422 among the answers.
    expect(unprocessable).toBeGreaterThan(routes.length);
    expect(text).toContain('"loc":["header","idempotency-key"]');
    const keySecret = apiKey.split('_').slice(2).join('_');
    expect(text.includes(keySecret), 'API key secret in a response').toBe(false);
    expect(text.includes(marker), 'a header value in a response').toBe(false);
    const logs = server.logs.join('\n');
    expect(logs.includes(keySecret), 'API key secret in a log line').toBe(false);
    for (const secret of [`${marker}-auth`, `${marker}-cookie`])
      expect(logs.includes(secret), 'authorisation or cookie in a log line').toBe(false);
    console.log(
      `secrets: ${answers.length} requests to ${routes.length} routes (${unprocessable} answered 422): no header value in any answer`,
    );
  });
});
