// Webhooks delivered by the work queue (docs/webhooks.md "Delivery, retries and order"): final
// statuses stored by transmission, events and inutilizações queue their deliveries in the same
// statement, and the API's deliverers send them to a real receiver, signed, retried under the same
// webhook-id, in order per document, only to the document's product's webhooks. The local SEFAZ
// runs in-process.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { rejectedDocument } from './helpers/rejected-document.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';
import { startReceiver, type Received, type Receiver } from './helpers/webhook-receiver.js';

let server: SimulatorServer;
let receiver: Receiver;

beforeAll(async () => {
  [server, receiver] = await Promise.all([
    startSimulatorServer({ env: { SEFAZ_TIMEOUT_MS: '5000' } }),
    startReceiver(),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});

type Json = Record<string, any>;
let counter = 0;
const refs = () => ({ tenant_ref: `webhook-${++counter}`, branch_ref: 'filial-1' });
let range = 0;
const fresh = () => ({ nextNumber: 50_000 + ++range * 1000 });

async function call(product: TestProduct, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': product.apiKey,
      'content-type': 'application/json',
      ...(method === 'POST' && { 'idempotency-key': newKey(), prefer: 'wait=30' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** A webhook of `product` to the receiver at its own path: what reaches that path is its. */
async function webhookOf(product: TestProduct, eventos?: string[]) {
  const path = `/${product.id}/${++counter}`;
  const res = await call(product, 'POST', '/v1/webhooks', {
    url: `${receiver.url}${path}`,
    ...(eventos && { eventos }),
  });
  expect(res.status).toBe(201);
  const signer = new Webhook(res.json.secret as string);
  return {
    id: res.json.id as string,
    /** The requests that reached it, each verified against its secret and parsed. */
    received: () =>
      receiver.received
        .filter((r) => r.path === path)
        .map((r: Received) => ({
          id: r.headers['webhook-id'] as string,
          body: r.body,
          message: signer.verify(r.body, r.headers as Record<string, string>) as Json,
        })),
  };
}

const about = (resourceId: string) => (m: { message: Json }) => m.message.data.id === resourceId;

async function authorised(product: TestProduct) {
  const r = refs();
  await prepareBranch(server.url, product, r, fresh());
  const res = await product.client.emit(emissionRequest(r), { wait: 30 });
  if (res.status !== 201 || res.body.status !== 'autorizada')
    throw new Error(`emission not authorised: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('webhook delivery', () => {
  it('an authorisation reaches its product’s webhooks only, signed, with data as GET reads it', async () => {
    const [product, other, filtered] = await Promise.all([
      server.newProduct(),
      server.newProduct(),
      server.newProduct(),
    ]);
    const [mine, second, others] = await Promise.all([
      webhookOf(product),
      webhookOf(product, ['documento.autorizado']),
      webhookOf(other),
    ]);
    // Subscribed to other types only: nothing for an authorisation.
    const notSubscribed = await webhookOf(product, ['documento.rejeitado']);
    await webhookOf(filtered);
    const document = await authorised(product);

    await expect.poll(() => mine.received().filter(about(document.id)).length).toBe(1);
    await expect.poll(() => second.received().filter(about(document.id)).length).toBe(1);
    const [message] = mine.received().filter(about(document.id));
    const read = await call(product, 'GET', `/v1/documentos/${document.id}`);
    expect(message!.message).toMatchObject({ type: 'documento.autorizado' });
    expect(message!.message.data).toEqual(read.json);
    expect(new Date(message!.message.timestamp).getTime()).not.toBeNaN();
    // One webhook-id per webhook for the one status change.
    expect(second.received().filter(about(document.id))[0]!.id).not.toBe(message!.id);
    // Product isolation: no other product's webhook heard of it.
    expect(
      receiver.received.filter((r) => r.body.includes(document.id) && !r.path.includes(product.id)),
    ).toEqual([]);
    expect(others.received()).toEqual([]);
    expect(notSubscribed.received()).toEqual([]);
    const list = await call(product, 'GET', `/v1/webhooks/${mine.id}/entregas`);
    expect(list.json).toEqual([
      expect.objectContaining({
        webhook_id: message!.id,
        type: 'documento.autorizado',
        recurso_id: document.id,
        status: 'entregue',
      }),
    ]);
  });

  it('retries a failed delivery under the same webhook-id, and a document’s later messages wait for it', async () => {
    const product = await server.newProduct();
    const hook = await webhookOf(product);
    let refused = 0;
    receiver.answer = (request) =>
      request.body.includes('"documento.autorizado"') &&
      request.path.includes(product.id) &&
      refused++ === 0
        ? { status: 503, body: 'busy' }
        : { status: 204 };
    try {
      const document = await authorised(product);
      await expect.poll(() => refused).toBe(1);
      // Cancelled while its authorisation's message waits for its retry (5 s).
      const cancelled = await call(product, 'POST', `/v1/documentos/${document.id}/cancelamento`, {
        justificativa: 'Pedido cancelado pelo cliente antes da entrega',
      });
      expect(cancelled.json.status).toBe('registrado');
      await expect.poll(() => hook.received().length, { timeout: 20_000, interval: 100 }).toBe(4);
      const got = hook.received();
      expect(got.map((m) => m.message.type)).toEqual([
        'documento.autorizado',
        'documento.autorizado',
        'evento.registrado',
        'documento.cancelado',
      ]);
      // The retry: same id, same body (and its signature verified above).
      expect(got[1]!.id).toBe(got[0]!.id);
      expect(got[1]!.body).toBe(got[0]!.body);
      expect(new Set(got.map((m) => m.id)).size).toBe(3);
      const [event, documentNow] = await Promise.all([
        call(product, 'GET', `/v1/eventos/${cancelled.json.id}`),
        call(product, 'GET', `/v1/documentos/${document.id}`),
      ]);
      expect(got[2]!.message.data).toEqual(event.json);
      expect(got[3]!.message.data).toEqual(documentNow.json);
      expect(documentNow.json.status).toBe('cancelada');
      const list = await call(product, 'GET', `/v1/webhooks/${hook.id}/entregas`);
      const autorizado = (list.json as Json[]).find((d) => d.type === 'documento.autorizado')!;
      expect(autorizado.tentativas.map((t: Json) => t.http_status)).toEqual([503, 204]);
      const gap = Date.parse(autorizado.tentativas[1].em) - Date.parse(autorizado.tentativas[0].em);
      // First retry within 10 s of the first attempt.
      expect(gap).toBeGreaterThanOrEqual(4_000);
      expect(gap).toBeLessThan(10_000);
    } finally {
      receiver.answer = () => ({ status: 204 });
    }
  });

  it('tells of a rejection, then of its number’s inutilização, in that order', async () => {
    const product = await server.newProduct();
    const hook = await webhookOf(product);
    const r = refs();
    await prepareBranch(server.url, product, r, fresh());
    const document = await rejectedDocument(server, server.admin, product.client, r);
    expect(document.status).toBe('rejeitada');
    await expect
      .poll(() => hook.received().map((m) => m.message.type), { timeout: 20_000 })
      .toEqual(['documento.rejeitado', 'inutilizacao.homologada']);
    const [rejected, voided] = hook.received();
    expect(rejected!.message.data).toEqual(
      (await call(product, 'GET', `/v1/documentos/${document.id}`)).json,
    );
    const voidRead = await call(product, 'GET', `/v1/inutilizacoes/${voided!.message.data.id}`);
    expect(voidRead.json).toMatchObject({ origem: 'rejeicao', status: 'homologada' });
    expect(voided!.message.data).toEqual(voidRead.json);
  });

  it('queues nothing for a product without webhooks', async () => {
    const product = await server.newProduct();
    const document = await authorised(product);
    const { rows } = await server.database.pool.query(
      'select 1 from webhook_deliveries where resource_id = $1',
      [document.id],
    );
    expect(rows).toEqual([]);
  });
});
