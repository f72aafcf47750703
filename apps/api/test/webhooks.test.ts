// Webhooks through the HTTP API (docs/webhooks.md): CRUD, isolation, the secret shown once, bad
// input refused with nothing stored, the limit per product, and signed test deliveries to a real
// local receiver, checked with the independent `standardwebhooks` package.
import { verifyWebhook } from '@emissor/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { startTestServer, type TestProduct, type TestServer } from './helpers/server.js';

let server: TestServer;
let receiver: Receiver;
let product: TestProduct;

beforeAll(async () => {
  [server, receiver] = await Promise.all([startTestServer(), startReceiver()]);
  product = await server.newProduct();
});
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

async function call(method: string, path: string, apiKey: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': apiKey,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

async function create(owner: TestProduct, body: Record<string, unknown> = {}) {
  const res = await call('POST', '/v1/webhooks', owner.apiKey, {
    url: `${receiver.url}/hook`,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string; url: string };
}

async function rows(productId: string): Promise<number> {
  const { rows } = await server.database.pool.query<{ n: string }>(
    'select count(*) as n from webhooks where product_id = $1',
    [productId],
  );
  return Number(rows[0]!.n);
}

describe('webhooks CRUD', () => {
  it('creates (secret shown once), reads, lists, changes and deletes a webhook', async () => {
    const owner = await server.newProduct();
    const created = await create(owner, {
      eventos: ['documento.autorizado', 'documento.autorizado', 'evento.registrado'],
    });
    expect(created).toEqual({
      id: expect.any(String),
      product_id: owner.id,
      url: `${receiver.url}/hook`,
      eventos: ['documento.autorizado', 'evento.registrado'],
      ativo: true,
      secret_anterior_expira_em: null,
      created_at: expect.any(String),
      secret: expect.stringMatching(SECRET),
    });
    const { secret, ...read } = created;

    const got = await owner.client.webhooks.getWebhook({ params: { webhook_id: created.id } });
    expect(got).toMatchObject({ status: 200, body: read });
    const list = await owner.client.webhooks.listWebhooks();
    expect(list).toMatchObject({ status: 200, body: [read] });
    for (const text of [JSON.stringify(got.body), JSON.stringify(list.body)])
      expect(text).not.toContain(secret.slice(6));

    const patched = await owner.client.webhooks.patchWebhook({
      params: { webhook_id: created.id },
      body: { eventos: null, ativo: false, url: `${receiver.url}/other` },
    });
    expect(patched).toMatchObject({
      status: 200,
      body: { eventos: null, ativo: false, url: `${receiver.url}/other` },
    });
    const unchanged = await call('PATCH', `/v1/webhooks/${created.id}`, owner.apiKey, {});
    expect(unchanged.body).toEqual(patched.body);

    expect(
      (await owner.client.webhooks.deleteWebhook({ params: { webhook_id: created.id } })).status,
    ).toBe(204);
    expect((await call('GET', `/v1/webhooks/${created.id}`, owner.apiKey)).body).toEqual({
      detail: { code: 'webhook_not_found', message: 'No such webhook.' },
    });
    expect((await call('DELETE', `/v1/webhooks/${created.id}`, owner.apiKey)).status).toBe(404);
    expect((await owner.client.webhooks.listWebhooks()).body).toEqual([]);
  });

  it("is another product's 404 on every route", async () => {
    const owner = await server.newProduct();
    const other = await server.newProduct();
    const { id } = await create(owner);
    const path = `/v1/webhooks/${id}`;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { ativo: false }],
      ['DELETE', '', undefined],
      ['GET', '/entregas', undefined],
      ['POST', '/teste', {}],
      ['POST', '/rotacao', {}],
    ] as const) {
      const res = await call(method, `${path}${suffix}`, other.apiKey, body);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.detail.code).toBe('webhook_not_found');
    }
    expect((await call('GET', '/v1/webhooks', other.apiKey)).body).toEqual([]);
    expect(receiver.received.filter((r) => r.body.includes(id))).toEqual([]);
    // Untouched for its owner.
    expect((await call('GET', path, owner.apiKey)).body).toMatchObject({ ativo: true });
  });

  it('keeps the secret encrypted at rest and out of every log line', async () => {
    const owner = await server.newProduct();
    const { id, secret } = await create(owner);
    const { rows } = await server.database.pool.query<{ row: string }>(
      'select row_to_json(w)::text as row from webhooks w where id = $1',
      [id],
    );
    const key = Buffer.from(secret.slice(6), 'base64');
    expect(rows[0]!.row).not.toContain(secret.slice(6));
    expect(rows[0]!.row).not.toContain(key.toString('hex'));
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(secret.slice(6));
    expect(logs).not.toContain(key.toString('hex'));
  });
});

describe('bad input is a 422 and stores nothing', () => {
  const url = () => `${receiver.url}/hook`;
  it.each<[string, () => unknown, (string | number)[], string]>([
    [
      'an unknown field',
      () => ({ url: url(), secret: 'mine' }),
      ['body', 'secret'],
      'extra_forbidden',
    ],
    [
      'an unknown event type',
      () => ({ url: url(), eventos: ['documento.emitido'] }),
      ['body', 'eventos', 0],
      'literal_error',
    ],
    ['no event type', () => ({ url: url(), eventos: [] }), ['body', 'eventos'], 'too_short'],
    ['no url', () => ({ eventos: ['documento.autorizado'] }), ['body', 'url'], 'missing'],
    ['a url that is not one', () => ({ url: 'not a url' }), ['body', 'url'], 'url_parsing'],
    ['an ftp url', () => ({ url: 'ftp://example.com/x' }), ['body', 'url'], 'url_scheme'],
    [
      'http to a public host',
      () => ({ url: 'http://example.com/x' }),
      ['body', 'url'],
      'url_scheme',
    ],
    [
      'http to a private address',
      () => ({ url: 'http://10.0.0.1/x' }),
      ['body', 'url'],
      'url_scheme',
    ],
    [
      'credentials in the url',
      () => ({ url: 'https://user:pw@example.com/x' }),
      ['body', 'url'],
      'url_credentials',
    ],
    [
      'a url too long',
      () => ({ url: `https://example.com/${'a'.repeat(2100)}` }),
      ['body', 'url'],
      'string_too_long',
    ],
    [
      'ativo not a boolean',
      () => ({ url: url(), ativo: 'yes' }),
      ['body', 'ativo'],
      'bool_parsing',
    ],
  ])('%s', async (_name, body, loc, type) => {
    const res = await call('POST', '/v1/webhooks', product.apiKey, body());
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc, type }));
    expect(await rows(product.id)).toBe(0);
    if (type === 'url_credentials') expect(res.text).not.toContain('user:pw');
  });

  it('refuses the same on PATCH and changes nothing', async () => {
    const owner = await server.newProduct();
    const { id, secret: _, ...before } = await create(owner);
    for (const body of [
      { eventos: ['x'] },
      { url: 'http://example.com/' },
      { ativo: null },
      { secret: 'x' },
    ]) {
      const res = await call('PATCH', `/v1/webhooks/${id}`, owner.apiKey, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call('GET', `/v1/webhooks/${id}`, owner.apiKey)).body).toEqual({ id, ...before });
    expect(
      (
        await call('POST', `/v1/webhooks/${id}/rotacao`, owner.apiKey, {
          secret_anterior_horas: 169,
        })
      ).status,
    ).toBe(422);
    expect(
      (await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey, { type: 'x' })).status,
    ).toBe(422);
    expect((await call('GET', '/v1/webhooks/42', owner.apiKey)).body.detail[0]).toMatchObject({
      loc: ['path', 'webhook_id'],
      type: 'uuid_parsing',
    });
  });

  it('allows 20 webhooks per product, also when created at once', async () => {
    const owner = await server.newProduct();
    const results = await Promise.all(
      Array.from({ length: 24 }, () =>
        call('POST', '/v1/webhooks', owner.apiKey, { url: `${receiver.url}/hook` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.detail).toEqual([
      expect.objectContaining({ loc: ['body'], type: 'webhook_limit_reached', ctx: { max: 20 } }),
    ]);
    expect(await rows(owner.id)).toBe(20);
    const first = results.find((r) => r.status === 201)!.body.id as string;
    await call('DELETE', `/v1/webhooks/${first}`, owner.apiKey);
    expect(
      (await call('POST', '/v1/webhooks', owner.apiKey, { url: `${receiver.url}/h` })).status,
    ).toBe(201);
  });
});

describe('POST /v1/webhooks/{id}/teste', () => {
  it('delivers a signed webhook.teste that standardwebhooks and the SDK verify, and lists it', async () => {
    const owner = await server.newProduct();
    const { id, secret } = await create(owner);
    receiver.answer = () => ({ status: 204 });
    const before = receiver.received.length;
    const res = await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      type: 'webhook.teste',
      recurso_id: null,
      status: 'entregue',
      proxima_tentativa_em: null,
      tentativas: [
        { http_status: 204, erro: null, resposta: null, duracao_ms: expect.any(Number) },
      ],
    });
    const [request] = receiver.received.slice(before);
    expect(request!.path).toBe('/hook');
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': res.body.webhook_id,
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    const verified = new Webhook(secret).verify(request!.body, request!.headers as any);
    expect(verified).toMatchObject({
      type: 'webhook.teste',
      timestamp: expect.any(String),
      data: { id, product_id: owner.id, ativo: true },
    });
    expect(request!.body).not.toContain(secret.slice(6));
    expect(JSON.parse(request!.body).data).not.toHaveProperty('secret');
    expect(await verifyWebhook(secret, request!.headers, request!.body)).toEqual(verified);

    const list = await owner.client.webhooks.listWebhookDeliveries({
      params: { webhook_id: id },
      query: {},
    });
    expect(list).toMatchObject({ status: 200, body: [res.body] });
    const failed = await owner.client.webhooks.listWebhookDeliveries({
      params: { webhook_id: id },
      query: { status: 'falhou' },
    });
    expect(failed.body).toEqual([]);
  });

  it('records a failure with a short excerpt of the answer, and follows no redirect', async () => {
    const owner = await server.newProduct();
    const { id } = await create(owner);
    receiver.answer = () => ({ status: 500, body: `<html>${'x'.repeat(5000)}</html>` });
    const failed = await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey, {});
    expect(failed.body).toMatchObject({ status: 'falhou', tentativas: [{ http_status: 500 }] });
    expect(failed.body.tentativas[0].resposta).toHaveLength(256);

    receiver.answer = (request) =>
      request.path === '/hook'
        ? { status: 307, headers: { location: `${receiver.url}/elsewhere` } }
        : { status: 204 };
    const before = receiver.received.length;
    const redirected = await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey, {});
    expect(redirected.body).toMatchObject({ status: 'falhou', tentativas: [{ http_status: 307 }] });
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/hook']);

    const down = await call('PATCH', `/v1/webhooks/${id}`, owner.apiKey, {
      url: 'http://127.0.0.1:1/closed',
    });
    expect(down.status).toBe(200);
    const refused = await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey, {});
    expect(refused.body).toMatchObject({
      status: 'falhou',
      tentativas: [{ http_status: null, erro: expect.stringContaining('ECONNREFUSED') }],
    });
    const list = await call('GET', `/v1/webhooks/${id}/entregas?limit=2`, owner.apiKey);
    expect(list.body.map((d: any) => d.webhook_id)).toEqual([
      refused.body.webhook_id,
      redirected.body.webhook_id,
    ]);
  });

  it('deactivates the webhook when the receiver answers 410 Gone', async () => {
    const owner = await server.newProduct();
    const { id } = await create(owner);
    receiver.answer = () => ({ status: 410 });
    const res = await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey, {});
    expect(res.body).toMatchObject({ status: 'falhou', tentativas: [{ http_status: 410 }] });
    expect((await call('GET', `/v1/webhooks/${id}`, owner.apiKey)).body.ativo).toBe(false);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the grace period, with the new one only after 0 hours', async () => {
    const owner = await server.newProduct();
    const { id, secret: first } = await create(owner);
    receiver.answer = () => ({ status: 200, body: 'ok' });

    const rotated = await call('POST', `/v1/webhooks/${id}/rotacao`, owner.apiKey);
    expect(rotated.status, rotated.text).toBe(200);
    const second = rotated.body.secret as string;
    expect(second).toMatch(SECRET);
    expect(second).not.toBe(first);
    const expires = Date.parse(rotated.body.secret_anterior_expira_em);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThan(24.1 * 3_600_000);
    expect((await call('GET', `/v1/webhooks/${id}`, owner.apiKey)).body).not.toHaveProperty(
      'secret',
    );

    let before = receiver.received.length;
    await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey);
    let request = receiver.received[before]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [first, second])
      expect(new Webhook(secret).verify(request.body, request.headers as any)).toMatchObject({
        type: 'webhook.teste',
      });

    const dropped = await call('POST', `/v1/webhooks/${id}/rotacao`, owner.apiKey, {
      secret_anterior_horas: 0,
    });
    expect(dropped.body.secret_anterior_expira_em).toBeNull();
    const third = dropped.body.secret as string;
    before = receiver.received.length;
    await call('POST', `/v1/webhooks/${id}/teste`, owner.apiKey, {});
    request = receiver.received[before]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(third).verify(request.body, request.headers as any)).not.toThrow();
    expect(() => new Webhook(second).verify(request.body, request.headers as any)).toThrow();
    expect(server.logs.join('\n')).not.toContain(third.slice(6));
  });
});
