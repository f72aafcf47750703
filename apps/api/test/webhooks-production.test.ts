// Webhooks under NODE_ENV=production (docs/webhooks.md "Security"): https only, and no host that
// resolves to a loopback, private, link-local, CGNAT or metadata address, at creation and again at
// delivery, unless WEBHOOK_ALLOW_PRIVATE=true. The resolver is injected: it answers what the test
// says, so a public name can be made to point at a private address.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResolvedAddress } from '../src/modules/webhooks/target-guard.js';
import { localhostCertificate, startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { startTestServer, type TestProduct, type TestServer } from './helpers/server.js';

const dns = new Map<string, string[]>();
const resolve = (host: string): Promise<ResolvedAddress[]> => {
  const found = dns.get(host);
  if (!found) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  return Promise.resolve(
    found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

const production = { NODE_ENV: 'production', SEFAZ: 'off' };
let guarded: TestServer;
let allowing: TestServer;
let receiver: Receiver;
let tlsReceiver: Receiver;

beforeAll(async () => {
  const tls = localhostCertificate();
  [guarded, allowing, receiver, tlsReceiver] = await Promise.all([
    startTestServer({ env: production, webhooks: { resolve } }),
    startTestServer({
      env: { ...production, WEBHOOK_ALLOW_PRIVATE: 'true' },
      webhooks: { resolve, ca: tls.cert, timeoutMs: 1_000 },
    }),
    startReceiver(),
    startReceiver(tls),
  ]);
});
afterAll(async () => {
  await Promise.all([guarded?.close(), allowing?.close(), receiver?.close(), tlsReceiver?.close()]);
});

async function call(
  server: TestServer,
  owner: TestProduct,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-api-key': owner.apiKey, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('in production', () => {
  it.each([
    [
      'a name resolving to a private address',
      'https://erp.intranet.example/hook',
      ['10.0.0.7'],
      'private',
    ],
    ['a name resolving to loopback', 'https://evil.example/hook', ['127.0.0.1'], 'loopback'],
    [
      'a name with one private address among public ones',
      'https://mixed.example/',
      ['93.184.216.34', '192.168.1.1'],
      'private',
    ],
    [
      'a name resolving to the metadata service',
      'https://meta.example/',
      ['169.254.169.254'],
      'metadata',
    ],
    [
      'a name resolving to AWS IPv6 metadata',
      'https://meta6.example/',
      ['fd00:ec2::254'],
      'metadata',
    ],
    ['a name resolving to link-local', 'https://ll.example/', ['169.254.3.4'], 'link-local'],
    ['a name resolving to CGNAT', 'https://cgnat.example/', ['100.100.1.1'], 'cgnat'],
    ['a name resolving to unique-local IPv6', 'https://ula.example/', ['fd12::1'], 'unique-local'],
    ['a loopback literal', 'https://127.0.0.1:8443/', [], 'loopback'],
    ['a private literal', 'https://192.168.0.10/', [], 'private'],
    ['an IPv4-mapped private literal', 'https://[::ffff:10.0.0.1]/', [], 'private'],
    ['the metadata literal', 'https://169.254.169.254/latest/meta-data/', [], 'metadata'],
  ])(
    'refuses %s at creation (422 at url), storing nothing',
    async (_name, url, addresses, kind) => {
      const owner = await guarded.newProduct();
      if (addresses.length) dns.set(new URL(url).hostname, addresses);
      const res = await call(guarded, owner, 'POST', '/v1/webhooks', { url });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'url'], type: 'url_host_not_public', input: url }),
      ]);
      expect(res.body.detail[0].msg).toContain(kind);
      expect((await call(guarded, owner, 'GET', '/v1/webhooks')).body).toEqual([]);
    },
  );

  it('refuses http even to loopback, and a name that does not resolve', async () => {
    const owner = await guarded.newProduct();
    const http = await call(guarded, owner, 'POST', '/v1/webhooks', { url: `${receiver.url}/h` });
    expect(http.body.detail[0]).toMatchObject({ loc: ['body', 'url'], type: 'url_scheme' });
    const unknown = await call(guarded, owner, 'POST', '/v1/webhooks', {
      url: 'https://nx.example/',
    });
    expect(unknown.body.detail[0]).toMatchObject({ type: 'url_host_unresolved' });
  });

  it('refuses a PATCH onto a private host', async () => {
    const owner = await guarded.newProduct();
    dns.set('public.example', ['93.184.216.34']);
    dns.set('private.example', ['10.1.1.1']);
    const created = await call(guarded, owner, 'POST', '/v1/webhooks', {
      url: 'https://public.example/h',
    });
    expect(created.status).toBe(201);
    const patched = await call(guarded, owner, 'PATCH', `/v1/webhooks/${created.body.id}`, {
      url: 'https://private.example/h',
    });
    expect(patched.status).toBe(422);
    expect(patched.body.detail[0]).toMatchObject({
      loc: ['body', 'url'],
      type: 'url_host_not_public',
    });
  });

  it('checks again at delivery: a name that now resolves to loopback is not called', async () => {
    const owner = await guarded.newProduct();
    dns.set('rebind.example', ['93.184.216.34']);
    const { port } = new URL(receiver.url);
    const created = await call(guarded, owner, 'POST', '/v1/webhooks', {
      url: `https://rebind.example:${port}/h`,
    });
    expect(created.status).toBe(201);
    dns.set('rebind.example', ['127.0.0.1']);
    const before = receiver.received.length;
    const res = await call(guarded, owner, 'POST', `/v1/webhooks/${created.body.id}/teste`);
    expect(res.body).toMatchObject({
      status: 'falhou',
      tentativas: [{ http_status: null, erro: expect.stringContaining('loopback') }],
    });
    expect(receiver.received.length).toBe(before);
  });
});

describe('in production with WEBHOOK_ALLOW_PRIVATE=true', () => {
  it('delivers over https to a private host, pinned to the address it checked', async () => {
    const owner = await allowing.newProduct();
    const { port } = new URL(tlsReceiver.url);
    // The certificate names localhost; the resolver says where localhost is.
    dns.set('localhost', ['127.0.0.1']);
    const created = await call(allowing, owner, 'POST', '/v1/webhooks', {
      url: `https://localhost:${port}/secure`,
    });
    expect(created.status).toBe(201);
    const res = await call(allowing, owner, 'POST', `/v1/webhooks/${created.body.id}/teste`);
    expect(res.body).toMatchObject({ status: 'entregue', tentativas: [{ http_status: 204 }] });
    const request = tlsReceiver.received.at(-1)!;
    expect(request.path).toBe('/secure');
    expect(
      new Webhook(created.body.secret).verify(request.body, request.headers as any),
    ).toMatchObject({
      type: 'webhook.teste',
    });
  });

  it('still refuses http, and gives up on a receiver that does not answer in time', async () => {
    const owner = await allowing.newProduct();
    const http = await call(allowing, owner, 'POST', '/v1/webhooks', { url: `${receiver.url}/h` });
    expect(http.body.detail[0]).toMatchObject({ type: 'url_scheme' });

    const { port } = new URL(tlsReceiver.url);
    const created = await call(allowing, owner, 'POST', '/v1/webhooks', {
      url: `https://localhost:${port}/slow`,
    });
    tlsReceiver.answer = () => 'hang';
    const started = Date.now();
    const res = await call(allowing, owner, 'POST', `/v1/webhooks/${created.body.id}/teste`);
    tlsReceiver.answer = () => ({ status: 204 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.body).toMatchObject({
      status: 'falhou',
      tentativas: [{ http_status: null, erro: expect.stringContaining('no answer within 1 s') }],
    });
  });
});
