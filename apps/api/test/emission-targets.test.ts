// The lookup of what an emission is aimed at, on PostgreSQL: the lookups made in one turn of the
// event loop share one statement, and each still gets exactly the answer it would get alone.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  emissionTargets,
  type EmissionSlot,
  type EmissionTarget,
} from '../src/modules/emissions/emission-target.js';
import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let pool: pg.Pool;
let ready: { productId: string; seriesId: string; certificateId: string };
let otherProductId: string;
let usedKey: string;
let usedId: string;
const refs = { tenant_ref: 'targets', branch_ref: 'f1' };

beforeAll(async () => {
  server = await startTestServer();
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  const product = await server.newProduct();
  const branch = await prepareBranch(server.url, product, refs, { nextNumber: 41 });
  ready = { productId: product.id, ...branch };
  otherProductId = (await server.newProduct('other')).id;
  // A series without a certificate: the same refs on another branch.
  await product.client.series.createSeries({
    body: { tenant_ref: refs.tenant_ref, branch_ref: 'no-cert', serie: 1, next_number: 1 },
  });
  usedKey = newKey();
  const emitted = await product.client.emissions.emit({
    headers: { 'idempotency-key': usedKey },
    body: emissionRequest(refs),
  });
  if (emitted.status !== 201) throw new Error(`emission setup failed: ${emitted.status}`);
  usedId = emitted.body.id;
});

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

const slot = (overrides: Partial<EmissionSlot> = {}): EmissionSlot => ({
  productId: ready.productId,
  idempotencyKey: newKey(),
  tenantRef: refs.tenant_ref,
  branchRef: refs.branch_ref,
  serie: 1,
  ...overrides,
});

describe('emission targets', () => {
  it('answer the lookups of one turn with one statement, each as it would be answered alone', async () => {
    const slots = [
      slot(),
      slot({ idempotencyKey: usedKey }), // a replay
      slot({ serie: 2 }), // no such series
      slot({ branchRef: 'no-cert' }), // a series but no certificate
      slot({ productId: otherProductId }), // another product's slot: nothing
      slot({ productId: otherProductId, idempotencyKey: usedKey }), // keys are per product
      slot(),
    ];
    const live = {
      seriesId: ready.seriesId,
      nextNumber: 42,
      certificateId: ready.certificateId,
      cnpj: expect.any(String),
      cnpjCertificado: expect.any(String),
    };
    const none = { seriesId: null, nextNumber: null, certificateId: null, cnpj: null };
    const expected = [
      { replayId: null, ...live },
      { ...live, replayId: usedId },
      { replayId: null, seriesId: null, nextNumber: null, certificateId: ready.certificateId },
      { replayId: null, seriesId: expect.any(String), nextNumber: 1, certificateId: null },
      { replayId: null, ...none },
      { replayId: null, ...none },
      { replayId: null, ...live },
    ];

    const targets = emissionTargets(pool);
    const queries = vi.spyOn(pool, 'query');
    try {
      const together = await Promise.all(slots.map((s) => targets(s)));
      expect(queries).toHaveBeenCalledTimes(1);
      together.forEach((target, i) => expect(target).toMatchObject(expected[i]!));

      // One at a time (each awaited before the next is asked): one statement each, the plain form
      // for a lone lookup, and the same answers as the batch form gave.
      const alone: EmissionTarget[] = [];
      for (const s of slots) alone.push(await targets(s));
      expect(queries).toHaveBeenCalledTimes(1 + slots.length);
      const names = queries.mock.calls.map(([config]) => (config as { name?: string }).name);
      expect(names).toEqual([
        'emissor_find_emission_targets',
        ...slots.map(() => 'emissor_find_emission_target'),
      ]);
      expect(alone).toEqual(together);
    } finally {
      queries.mockRestore();
    }
  });

  it('fail together when their statement fails, and the next turn starts afresh', async () => {
    const targets = emissionTargets(pool);
    // Product ids come from the API key, so always a uuid; a malformed one fails the statement.
    const failed = await Promise.allSettled([targets(slot({ productId: 'x' })), targets(slot())]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    await expect(targets(slot())).resolves.toMatchObject({ seriesId: ready.seriesId });
  });
});
