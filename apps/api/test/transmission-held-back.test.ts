import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { untilDocumentsFinal } from './helpers/local-sefaz.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// The workers look for work again when an exchange ends only if their last look left work behind
// (no free exchange, or more groups than exchanges). One exchange at a time and an idle poll of a
// minute leave that look as the only way documents of other products can leave: if it were
// skipped, they would wait for the poll, far beyond this test's timeout.
let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_CONCURRENCY: '1',
      SEFAZ_GATHER_MS: '0',
      SEFAZ_POLL_MS: '60000',
      // No yielding to the requests: its retries would look again on their own.
      SEFAZ_YIELD_ABOVE_MS: '0',
      SEFAZ_TIMEOUT_MS: '5000',
    },
  });
  // Each exchange takes a while, so the emissions below queue while the first is in flight.
  await server.admin.knobs({ latencyMs: 500 });
});
afterAll(() => server.close());

describe('work held back for lack of a free exchange', () => {
  it('leaves as soon as an exchange ends, not at the next idle poll', async () => {
    const products = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const product = await server.newProduct();
        const refs = { tenant_ref: `held-${n}`, branch_ref: 'f1' };
        // One emitter CNPJ for all: numbers far apart, so SEFAZ sees no duplicate (539).
        await prepareBranch(server.url, product, refs, { nextNumber: n * 1000 });
        return { product, refs };
      }),
    );
    const emitted = await Promise.all(
      products.map(async ({ product, refs }, i) => {
        // The first leaves alone; the others arrive while its exchange is in flight.
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 150));
        return { product, id: (await emitDocument(product.client, emissionRequest(refs))).id };
      }),
    );
    const started = Date.now();
    const finals = await Promise.all(
      emitted.map(({ product, id }) => untilDocumentsFinal(product.client, [id], 15_000)),
    );
    expect(finals.flat().map((d) => d.status)).toEqual([
      'autorizada',
      'autorizada',
      'autorizada',
      'autorizada',
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
