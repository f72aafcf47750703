import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rotateMasterKey } from '../src/modules/certificates/rotate-master-key.js';
import { createTestDatabase } from './helpers/database.js';
import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, TEST_MASTER_KEY, type TestServer } from './helpers/server.js';

const NEW_KEY = 'the-next-master-key-also-32-characters-long';

describe('master key rotation', () => {
  let databaseUrl: string;
  let first: TestServer;
  let product: Awaited<ReturnType<TestServer['newProduct']>>;
  const refs = { tenant_ref: 'rot', branch_ref: 'b' };

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    first = await startTestServer({ databaseUrl });
    product = await first.newProduct();
    await prepareBranch(first.url, product, refs);
  });
  afterAll(() => first.close());

  it('re-encrypts every certificate; the API then runs on the new key and refuses the old one', async () => {
    const before = await first.database.db
      .selectFrom('certificates')
      .select(['id', 'pfx_ciphertext', 'master_key_id'])
      .execute();
    const result = await rotateMasterKey(first.database.db, TEST_MASTER_KEY, NEW_KEY);
    expect(result.reencrypted).toBe(before.length);
    const after = await first.database.db
      .selectFrom('certificates')
      .select(['id', 'pfx_ciphertext', 'master_key_id'])
      .execute();
    for (const row of after) {
      const old = before.find((b) => b.id === row.id)!;
      expect(row.master_key_id).toBe(result.newKeyId);
      expect(row.pfx_ciphertext.equals(old.pfx_ciphertext)).toBe(false);
    }

    const rotated = await startTestServer({ databaseUrl, env: { EMISSOR_MASTER_KEY: NEW_KEY } });
    try {
      const client = (await rotated.newProduct()).client; // server works
      expect(client).toBeDefined();
      const res = await fetch(`${rotated.url}/v1/emissoes`, {
        method: 'POST',
        headers: {
          'x-api-key': product.apiKey,
          'content-type': 'application/json',
          'idempotency-key': newKey(),
        },
        body: JSON.stringify(emissionRequest(refs)),
      });
      expect(res.status).toBe(201);
    } finally {
      await rotated.close();
    }

    await expect(
      startTestServer({ databaseUrl, env: { EMISSOR_MASTER_KEY: TEST_MASTER_KEY } }),
    ).rejects.toThrow(/rotated away/);
  });

  it('refuses to start with a secret that opens none of the stored certificates', async () => {
    await expect(
      startTestServer({
        databaseUrl,
        env: { EMISSOR_MASTER_KEY: 'a-completely-different-secret-of-32-chars' },
      }),
    ).rejects.toThrow(/wrong EMISSOR_MASTER_KEY/);
  });
});
