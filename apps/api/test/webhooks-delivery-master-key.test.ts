// Webhook secrets are sealed under the master key like certificate passwords: a master-key
// rotation re-encrypts them (deliveries keep being signed with the same secret), and an API whose
// secret opens none of them refuses to start.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rotateMasterKey } from '../src/modules/certificates/rotate-master-key.js';
import { createTestDatabase } from './helpers/database.js';
import { startTestServer, TEST_MASTER_KEY } from './helpers/server.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const NEW_KEY = 'the-next-master-key-also-32-characters-long';

let databaseUrl: string;
let receiver: Receiver;
beforeAll(async () => {
  [databaseUrl, receiver] = await Promise.all([createTestDatabase(), startReceiver()]);
});
afterAll(() => receiver?.close());

describe('webhook secrets and the master key', () => {
  it('a rotation re-encrypts them: the webhook still signs with its secret under the new key', async () => {
    const first = await startTestServer({ databaseUrl });
    let webhook: { id: string; secret: string };
    let apiKey: string;
    try {
      const product = await first.newProduct();
      apiKey = product.apiKey;
      const res = await fetch(`${first.url}/v1/webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.url}/rotation` }),
      });
      webhook = (await res.json()) as { id: string; secret: string };
      const result = await rotateMasterKey(first.database.db, TEST_MASTER_KEY, NEW_KEY);
      expect(result).toMatchObject({ reencrypted: 0, webhookSecrets: 1 });
      const row = await first.database.db
        .selectFrom('webhooks')
        .select('master_key_id')
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect(row.master_key_id).toBe(result.newKeyId);
    } finally {
      await first.close();
    }

    const rotated = await startTestServer({ databaseUrl, env: { EMISSOR_MASTER_KEY: NEW_KEY } });
    try {
      const res = await fetch(`${rotated.url}/v1/webhooks/${webhook.id}/teste`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const sent = receiver.received.at(-1)!;
      expect(
        new Webhook(webhook.secret).verify(sent.body, sent.headers as Record<string, string>),
      ).toMatchObject({ type: 'webhook.teste' });
    } finally {
      await rotated.close();
    }
  });

  it('refuses to start with a secret that opens none of the webhook secrets', async () => {
    await expect(
      startTestServer({
        databaseUrl,
        env: { EMISSOR_MASTER_KEY: 'a-completely-different-secret-of-32-chars' },
      }),
    ).rejects.toThrow(/1 webhook secret\(s\) are encrypted under master keys/);
  });
});
