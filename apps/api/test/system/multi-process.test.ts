import { afterAll, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from '../helpers/api-process.js';
import { emissionRequest, newKey, prepareBranch } from '../helpers/emission.js';
import { startTestServer } from '../helpers/server.js';

const running: ApiProcess[] = [];
afterAll(async () => {
  for (const api of running) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
});

describe('several API processes on one database', () => {
  it('two processes emitting on one series at once never share a number', async () => {
    // Set up through one server, then close it: only the two OS processes serve the load.
    const setup = await startTestServer();
    const databaseUrl = setup.databaseUrl;
    const product = await setup.newProduct();
    const refs = { tenant_ref: 'multi', branch_ref: 'proc' };
    await prepareBranch(setup.url, product, refs, { nextNumber: 1 });
    await setup.close();

    const apis = await Promise.all([spawnApi(databaseUrl), spawnApi(databaseUrl)]);
    running.push(...apis);
    await Promise.all(apis.map((api) => waitUntilReady(api)));

    const perProcess = 25;
    const results = await Promise.all(
      apis.flatMap((api) =>
        Array.from({ length: perProcess }, async () => {
          const res = await fetch(`${api.url}/v1/emissoes`, {
            method: 'POST',
            headers: {
              'x-api-key': product.apiKey,
              'content-type': 'application/json',
              'idempotency-key': newKey(),
            },
            body: JSON.stringify(emissionRequest(refs)),
          });
          return { status: res.status, body: (await res.json()) as { numero: number } };
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(2 * perProcess).fill(201));
    const numbers = results.map((r) => r.body.numero).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 2 * perProcess }, (_, i) => i + 1));
  });
});
