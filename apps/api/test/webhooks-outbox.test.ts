// The part of webhooks the work queue drives: the outbox insert made in a status change's
// transaction, the claim of due deliveries (ordered per document), and one attempt with its
// result stored, against real PostgreSQL and a real receiver.
import { randomUUID } from 'node:crypto';

import type { WebhookEventType } from '@emissor/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadKeyring, type Keyring } from '../src/crypto/master-key.js';
import { attemptDelivery, claimDueDeliveries } from '../src/modules/webhooks/delivery-handler.js';
import { deliverDeps } from '../src/modules/webhooks/webhook-options.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { startTestServer, TEST_MASTER_KEY, type TestServer } from './helpers/server.js';
import { queueOutboxMessage } from './helpers/webhook-outbox.js';

let server: TestServer;
let receiver: Receiver;
let keyring: Keyring;

beforeAll(async () => {
  [server, receiver] = await Promise.all([startTestServer(), startReceiver()]);
  keyring = await loadKeyring(server.database.db, [TEST_MASTER_KEY]);
});
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});

async function webhookFor(eventos?: string[]) {
  const owner = await server.newProduct();
  const res = await fetch(`${server.url}/v1/webhooks`, {
    method: 'POST',
    headers: { 'x-api-key': owner.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${receiver.url}/outbox`, ...(eventos && { eventos }) }),
  });
  const webhook = (await res.json()) as { id: string; secret: string };
  return { owner, webhook };
}

const event = (
  productId: string,
  documentId: string,
  type: WebhookEventType = 'documento.autorizado',
) => ({
  productId,
  type,
  resourceId: documentId,
  orderingKey: documentId,
  data: { id: documentId, status: 'autorizada' },
});

describe('webhook outbox and delivery handler', () => {
  it('queues one delivery per subscribed webhook in the caller’s transaction, none when rolled back', async () => {
    const { owner } = await webhookFor(['documento.autorizado']);
    const db = server.database.db;
    expect(await queueOutboxMessage(db, event(owner.id, randomUUID(), 'documento.rejeitado'))).toBe(
      0,
    );
    const documentId = randomUUID();
    await db
      .transaction()
      .execute(async (trx) => {
        expect(await queueOutboxMessage(trx, event(owner.id, documentId))).toBe(1);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const { rows } = await server.database.pool.query(
      'select 1 from webhook_deliveries where resource_id = $1',
      [documentId],
    );
    expect(rows).toHaveLength(0);
  });

  it('delivers a claimed message signed, retries a failure and keeps a document’s order', async () => {
    const { owner, webhook } = await webhookFor();
    const db = server.database.db;
    const documentId = randomUUID();
    await queueOutboxMessage(db, event(owner.id, documentId));
    await queueOutboxMessage(db, event(owner.id, documentId, 'documento.cancelado'));
    const now = () => new Date();
    const deps = {
      db,
      keyring,
      ...deliverDeps({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: false }, now),
    };
    // The first fails: it is retried after 5 s, and the second waits behind it.
    receiver.answer = () => ({ status: 503, body: 'busy' });
    const claimed = await claimDueDeliveries(db, { now: new Date(), limit: 100 });
    const { rows: pending } = await server.database.pool.query<{ id: string; type: string }>(
      'select id, type from webhook_deliveries where resource_id = $1 order by seq',
      [documentId],
    );
    expect(pending.map((r) => r.type)).toEqual(['documento.autorizado', 'documento.cancelado']);
    // Ordered per document: the second is not claimed while the first is pending.
    expect(claimed).toContain(pending[0]!.id);
    expect(claimed).not.toContain(pending[1]!.id);
    // Claimed: leased, so a second claim does not take it again.
    expect(await claimDueDeliveries(db, { now: new Date(), limit: 100 })).not.toContain(
      pending[0]!.id,
    );
    const failed = await attemptDelivery(pending[0]!.id, deps);
    expect(failed).toMatchObject({ kind: 'attempted', status: 'pendente' });
    const due = await server.database.pool.query<{ next_attempt_at: Date }>(
      'select next_attempt_at from webhook_deliveries where id = $1',
      [pending[0]!.id],
    );
    expect(due.rows[0]!.next_attempt_at.getTime() - Date.now()).toBeLessThanOrEqual(10_000);

    receiver.answer = () => ({ status: 200 });
    const before = receiver.received.length;
    expect(await attemptDelivery(pending[0]!.id, deps)).toMatchObject({ status: 'entregue' });
    expect(await attemptDelivery(pending[1]!.id, deps)).toMatchObject({ status: 'entregue' });
    const sent = receiver.received.slice(before);
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual(pending.map((r) => r.id));
    for (const request of sent)
      expect(
        new Webhook(webhook.secret).verify(request.body, request.headers as any),
      ).toMatchObject({
        data: { id: documentId },
      });
    // The same webhook-id on the retry as on the first attempt; both attempts are listed.
    const list = await fetch(`${server.url}/v1/webhooks/${webhook.id}/entregas`, {
      headers: { 'x-api-key': owner.apiKey },
    });
    const deliveries = (await list.json()) as any[];
    const autorizado = deliveries.find((d) => d.type === 'documento.autorizado');
    expect(autorizado.tentativas.map((t: any) => t.http_status)).toEqual([503, 200]);
    expect(autorizado.status).toBe('entregue');
  });

  it('ends a delivery of a deactivated webhook as falhou without calling it', async () => {
    const { owner, webhook } = await webhookFor();
    const db = server.database.db;
    await queueOutboxMessage(db, event(owner.id, randomUUID()));
    await fetch(`${server.url}/v1/webhooks/${webhook.id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ ativo: false }),
    });
    const { rows } = await server.database.pool.query<{ id: string }>(
      'select id from webhook_deliveries where webhook_id = $1',
      [webhook.id],
    );
    const before = receiver.received.length;
    const deps = {
      db,
      keyring,
      ...deliverDeps({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: false }, () => new Date()),
    };
    expect(await attemptDelivery(rows[0]!.id, deps)).toEqual({ kind: 'abandoned' });
    expect(await attemptDelivery(rows[0]!.id, deps)).toEqual({ kind: 'gone' });
    expect(receiver.received.length).toBe(before);
  });
});
