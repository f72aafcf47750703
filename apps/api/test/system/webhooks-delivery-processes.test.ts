import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiProcess } from '../helpers/api-process.js';
import { emissionRequest, newKey, prepareBranch } from '../helpers/emission.js';
import { untilDocumentsFinal } from '../helpers/local-sefaz.js';
import { startProcessStack, type ProcessStack } from '../helpers/process-stack.js';
import { localhostCertificate, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

// Built API processes (`node dist/main.js`, NODE_ENV=production, SEFAZ at a local SEFAZ) killed
// with SIGKILL after final statuses committed and before their webhooks heard of them: the
// deliveries were committed with the statuses (the outbox), so the next process sends every one.
let stack: ProcessStack;
let receiver: Receiver;
const dir = mkdtempSync(join(tmpdir(), 'emissor-webhook-kill-'));
const caFile = join(dir, 'receiver-ca.pem');

beforeAll(async () => {
  const tls = localhostCertificate();
  writeFileSync(caFile, tls.cert);
  [stack, receiver] = await Promise.all([startProcessStack(), startReceiver(tls)]);
});
afterAll(async () => {
  await Promise.all([stack?.close(), receiver?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const transmittingApi = (): Promise<ApiProcess> =>
  stack.transmittingApi({
    // The receiver is https on 127.0.0.1 with a certificate of its own.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    NODE_EXTRA_CA_CERTS: caFile,
  });

const DOCUMENTS = 24;

describe('webhook deliveries across kill -9', () => {
  it('statuses committed before a kill -9 are all delivered by the next process, under the same webhook-ids', async () => {
    const product = await stack.setup.newProduct();
    const refs = { tenant_ref: 'webhook-crash', branch_ref: 'f1' };
    await prepareBranch(stack.setup.url, product, refs, { nextNumber: 900 });
    const created = await fetch(`${stack.setup.url}/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': product.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/crash`, eventos: ['documento.autorizado'] }),
    });
    expect(created.status).toBe(201);

    // The receiver takes the first process's requests and never answers them.
    receiver.answer = () => 'hang';
    const first = await transmittingApi();
    const emitted = await Promise.all(
      Array.from({ length: DOCUMENTS }, async () => {
        const res = await fetch(`${first.url}/v1/emissoes`, {
          method: 'POST',
          headers: {
            'x-api-key': product.apiKey,
            'content-type': 'application/json',
            'idempotency-key': newKey(),
          },
          body: JSON.stringify(emissionRequest(refs)),
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { id: string }).id;
      }),
    );
    const finals = await untilDocumentsFinal(product.client, emitted, 30_000);
    expect(finals.map((d) => d.status)).toEqual(Array(DOCUMENTS).fill('autorizada'));
    await expect.poll(() => receiver.received.length).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;

    const deliveries = () =>
      stack.setup.database.pool
        .query<{ id: string; resource_id: string; status: string; attempt_count: number }>(
          `select d.id, d.resource_id, d.status, d.attempt_count from webhook_deliveries d
           join webhooks w on w.id = d.webhook_id where w.product_id = $1`,
          [product.id],
        )
        .then((r) => r.rows);
    const beforeRestart = await deliveries();
    // Committed with the statuses: one per document, none of them delivered or even answered.
    expect(beforeRestart.map((d) => d.resource_id).sort()).toEqual([...emitted].sort());
    expect(beforeRestart.every((d) => d.status === 'pendente' && d.attempt_count === 0)).toBe(true);
    const sentByFirst = new Set(receiver.received.map((r) => r.headers['webhook-id'] as string));
    // Some were claimed (in flight when it died), some never left the outbox.
    expect(sentByFirst.size).toBeGreaterThan(0);
    expect(sentByFirst.size).toBeLessThan(DOCUMENTS);

    receiver.answer = () => ({ status: 204 });
    const answeredFrom = receiver.received.length;
    await transmittingApi();
    // Those never sent go at once; those in flight once their lease (queue/lease.ts) ends.
    await expect
      .poll(async () => (await deliveries()).filter((d) => d.status === 'entregue').length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(DOCUMENTS);
    const answered = receiver.received.slice(answeredFrom).map((r) => r.headers['webhook-id']);
    const ids = beforeRestart.map((d) => d.id);
    expect([...new Set(answered)].sort()).toEqual([...ids].sort());
    // Each once after the restart; the ones in flight at the kill came again with their id.
    expect(answered).toHaveLength(DOCUMENTS);
    for (const id of sentByFirst) expect(answered).toContain(id);
  }, 120_000);
});
