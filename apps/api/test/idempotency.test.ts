// Idempotency keys through real HTTP on real PostgreSQL (docs/api-rules.md "Idempotency"): a key
// belongs to its product, so products sharing a key never interact, even at once and under load;
// a repeated key replays only the same request and refuses other data with a 422.
import { createHash, randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EmissaoRequestSchema } from '@emissor/contract';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let branches = 0;
const refs = () => ({ tenant_ref: 'idem', branch_ref: `filial-${++branches}` });

async function emit(apiKey: string, body: unknown, key: string) {
  const res = await fetch(`${server.url}/v1/emissoes`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'idempotency-key': key },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

/** The same body with a new `rule_id` on every tax line, as a caller that rebuilt it would send. */
function withFreshRuleIds<T extends ReturnType<typeof emissionRequest>>(body: T): T {
  for (const item of body.itens)
    for (const line of item.fiscal_result.tributos) line.rule_id = randomUUID();
  return body;
}

async function rows(productId: string) {
  const { rows } = await server.database.pool.query<{ numero: number; idempotency_key: string }>(
    'select numero, idempotency_key from documents where product_id = $1 order by numero',
    [productId],
  );
  return rows;
}

describe('two products with the same Idempotency-Key', () => {
  it('at once, under load, each gets its own document: never a 500, never the other product’s', async () => {
    const [p1, p2] = [await server.newProduct(), await server.newProduct()];
    const [r1, r2] = [refs(), refs()];
    await prepareBranch(server.url, p1, r1);
    await prepareBranch(server.url, p2, r2);
    const load = await server.newProduct();
    const loadRefs = refs();
    await prepareBranch(server.url, load, loadRefs);

    const sharedKeys = Array.from({ length: 60 }, () => newKey());
    // 64 clients of load from a third product keep the engine's batches full meanwhile.
    let stop = false;
    const loadStatuses: number[] = [];
    const clients = Array.from({ length: 64 }, async () => {
      while (!stop)
        loadStatuses.push((await emit(load.apiKey, emissionRequest(loadRefs), newKey())).status);
    });
    const pairs = await Promise.all(
      sharedKeys.map((key) =>
        Promise.all([
          emit(p1.apiKey, emissionRequest(r1), key),
          emit(p2.apiKey, emissionRequest(r2), key),
        ]),
      ),
    );
    stop = true;
    await Promise.all(clients);

    for (const [a, b] of pairs) {
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.product_id).toBe(p1.id);
      expect(b.body.product_id).toBe(p2.id);
    }
    expect(new Set(loadStatuses)).toEqual(new Set([201]));
    expect((await rows(p1.id)).map((r) => r.numero)).toEqual(sharedKeys.map((_, i) => i + 1));
    expect((await rows(p2.id)).map((r) => r.numero)).toEqual(sharedKeys.map((_, i) => i + 1));

    // Each product's repeat replays its own document.
    const [again1, again2] = await Promise.all([
      emit(p1.apiKey, emissionRequest(r1), sharedKeys[0]!),
      emit(p2.apiKey, emissionRequest(r2), sharedKeys[0]!),
    ]);
    expect([again1.status, again2.status]).toEqual([200, 200]);
    expect(again1.body.id).toBe(pairs[0]![0].body.id);
    expect(again2.body.id).toBe(pairs[0]![1].body.id);
  });
});

describe('a repeated Idempotency-Key', () => {
  it('with the same request (keys reordered, other spacing) replays the document', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const key = newKey();
    const body = emissionRequest(r);
    const first = await emit(product.apiKey, body, key);
    expect(first.status).toBe(201);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
    const again = await emit(product.apiKey, reordered, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it("with the tax lines' rule_id regenerated (nothing the NF-e contains) replays the document", async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const key = newKey();
    const first = await emit(product.apiKey, emissionRequest(r, { items: 2 }), key);
    expect(first.status).toBe(201);

    // The caller rebuilt the body to retry, and its tax engine gave every line a fresh rule id.
    const rebuilt = withFreshRuleIds(emissionRequest(r, { items: 2 }));
    const again = await emit(product.apiKey, rebuilt, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    // Fresh rule ids do not hide a change the NF-e would show.
    const changed = withFreshRuleIds(emissionRequest(r, { items: 2 }));
    changed.itens[1]!.fiscal_result.tributos[0]!.valor = '3.79';
    expect((await emit(product.apiKey, changed, key)).status).toBe(422);
    expect((await rows(product.id)).map((row) => row.numero)).toEqual([1]);
  });

  it('replays a document stored with the fingerprint of the whole body, as before rule_id was left out', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const key = newKey();
    const body = emissionRequest(r);
    const first = await emit(product.apiKey, body, key);
    expect(first.status).toBe(201);
    // What a document emitted by the earlier version holds: SHA-256 of the parsed body, rule ids and all.
    const whole = createHash('sha256')
      .update(JSON.stringify(EmissaoRequestSchema.parse(body)))
      .digest('hex');
    await server.database.pool.query(
      'update documents set request_fingerprint = $1 where id = $2',
      [whole, first.body.id],
    );

    const again = await emit(product.apiKey, body, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = emissionRequest(r);
    other.itens[0]!.descricao = 'Produto diferente';
    expect((await emit(product.apiKey, other, key)).status).toBe(422);
  });

  it.each([
    [
      'another tenant and branch',
      (r: ReturnType<typeof refs>) =>
        emissionRequest({ tenant_ref: 'other', branch_ref: r.branch_ref + '-x' }),
    ],
    ['one more item', (r: ReturnType<typeof refs>) => emissionRequest(r, { items: 2 })],
    ['another serie', (r: ReturnType<typeof refs>) => emissionRequest(r, { serie: 2 })],
    [
      'another item description',
      (r: ReturnType<typeof refs>) => {
        const body = emissionRequest(r);
        body.itens[0]!.descricao = 'Produto diferente';
        return body;
      },
    ],
  ])('with %s → 422 idempotency_key_reused, nothing created', async (_label, other) => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    const key = newKey();
    expect((await emit(product.apiKey, emissionRequest(r), key)).status).toBe(201);
    const before = await rows(product.id);

    const reused = await emit(product.apiKey, other(r), key);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      detail: [
        {
          loc: ['header', 'idempotency-key'],
          msg: expect.stringContaining('different request'),
          type: 'idempotency_key_reused',
        },
      ],
    });
    expect(JSON.stringify(reused.body)).not.toContain(key);
    expect(await rows(product.id)).toEqual(before);
  });

  it('sent at once with two different bodies: one document, the other request a 422', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r);
    for (let round = 0; round < 10; round++) {
      const key = newKey();
      const answers = await Promise.all([
        emit(product.apiKey, emissionRequest(r), key),
        emit(product.apiKey, emissionRequest(r, { items: 2 }), key),
        emit(product.apiKey, emissionRequest(r), key),
      ]);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => [200, 201, 422].includes(s))).toBe(true);
      // Whichever body won, the requests with the other body were refused.
      const winner = answers.find((a) => a.status === 201)!;
      const winnerItems = answers.indexOf(winner) === 1 ? 2 : 1;
      answers.forEach((a, i) => {
        const items = i === 1 ? 2 : 1;
        expect(a.status).toBe(items === winnerItems ? (a === winner ? 201 : 200) : 422);
      });
    }
    expect((await rows(product.id)).map((x) => x.numero)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  });
});
