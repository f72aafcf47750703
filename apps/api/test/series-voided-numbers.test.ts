import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import type { TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// PATCH next_number may not move a counter onto numbers an inutilização voided or is voiding: every
// emission there would be rejected by SEFAZ (206). Decided under the series row lock, which a new
// inutilização also takes. Real HTTP against the local SEFAZ the API starts in-process.
let server: SimulatorServer;
let admin: SimulatorServer['admin'];
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_TIMEOUT_MS: '5000',
    },
  });
  admin = server.admin;
});
afterAll(() => server.close());

type Product = Awaited<ReturnType<TestServer['newProduct']>>;
type Refs = { tenant_ref: string; branch_ref: string };

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `voided-${++counter}`, branch_ref: 'filial-1' });
// Every product signs with the same test CNPJ, and the local SEFAZ keys its registry by CNPJ and
// serie: each test works in its own block of numbers.
let block = 0;
const freshBlock = () => ++block * 1000;

async function call(product: Product, method: string, path: string, body: unknown, key?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-api-key': product.apiKey,
      'content-type': 'application/json',
      ...(key && { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const patch = (product: Product, seriesId: string, nextNumber: number) =>
  call(product, 'PATCH', `/v1/series/${seriesId}`, { next_number: nextNumber });

const voidRange = (product: Product, r: Refs, first: number, last: number, serie = 1) =>
  call(
    product,
    'POST',
    '/v1/inutilizacoes',
    {
      ...r,
      serie,
      numero_inicial: first,
      numero_final: last,
      justificativa: 'Numeracao pulada por falha do sistema de emissao',
      ambiente: 'homologacao',
      uf: 'SP',
    },
    newKey(),
  );

async function voidStatus(id: string): Promise<string> {
  const { rows } = await server.database.pool.query<{ status: string }>(
    'select status from fiscal_voids where id = $1',
    [id],
  );
  return rows[0]!.status;
}

const untilVoidFinal = (id: string) =>
  expect.poll(() => voidStatus(id), { timeout: 30_000, interval: 50 }).not.toBe('processando');

async function nextNumberOf(seriesId: string): Promise<number> {
  const { rows } = await server.database.pool.query<{ next_number: number }>(
    'select next_number from series where id = $1',
    [seriesId],
  );
  return rows[0]!.next_number;
}

const inUse = (first: number, last: number, status: string) => ({
  status: 409,
  body: {
    detail: {
      code: 'series_number_in_use',
      message: `next_number must be above ${last}: numbers ${first}–${last} of this series are voided by an inutilização (${status}).`,
    },
  },
});

describe('PATCH next_number onto voided numbers', () => {
  it('into or behind a homologada inutilização → 409, counter unchanged; above it → 200 and the next emission is authorised', async () => {
    const product = await server.newProduct();
    const r = refs();
    const base = freshBlock();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: base + 20 });
    const voided = await voidRange(product, r, base + 10, base + 12);
    expect(voided.status).toBe(201);
    await untilVoidFinal(voided.body.id);
    expect(await voidStatus(voided.body.id)).toBe('homologada');

    for (const next of [base + 1, base + 10, base + 11, base + 12]) {
      expect(await patch(product, seriesId, next), String(next)).toEqual(
        inUse(base + 10, base + 12, 'homologada'),
      );
    }
    expect(await nextNumberOf(seriesId)).toBe(base + 20);

    // Right above the voided numbers is free: the number SEFAZ then receives was never voided.
    expect(await patch(product, seriesId, base + 13)).toMatchObject({
      status: 200,
      body: { next_number: base + 13 },
    });
    const emitted = await product.client.emit(emissionRequest(r), { wait: 30 });
    expect(emitted).toMatchObject({
      status: 201,
      body: { numero: base + 13, status: 'autorizada' },
    });
    // The answer names the highest of what blocks: now the document above the voided numbers.
    expect(await patch(product, seriesId, base + 11)).toEqual({
      status: 409,
      body: {
        detail: {
          code: 'series_number_in_use',
          message: `next_number must be above ${base + 13}, the highest number this series has used.`,
        },
      },
    });
  });

  it('into an inutilização still in flight (processando) → 409', async () => {
    const product = await server.newProduct();
    const r = refs();
    const base = freshBlock();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: base + 20 });
    // SEFAZ answers "paralisado" (108): the inutilização stays queued, processando.
    await admin.knobs({ outage: { cStat: '108' } });
    try {
      const voided = await voidRange(product, r, base + 5, base + 6);
      expect(voided).toMatchObject({ status: 201, body: { status: 'processando' } });
      expect(await patch(product, seriesId, base + 6)).toEqual(
        inUse(base + 5, base + 6, 'processando'),
      );
      expect(await voidStatus(voided.body.id)).toBe('processando');
    } finally {
      await admin.knobs({ outage: null });
    }
    expect(await nextNumberOf(seriesId)).toBe(base + 20);
  });

  it('a rejeitada inutilização, and those of another product, serie or branch, do not block', async () => {
    const owner = await server.newProduct();
    const ownerRefs = refs();
    const base = freshBlock();
    await prepareBranch(server.url, owner, ownerRefs, { nextNumber: base + 20 });
    const homologated = await voidRange(owner, ownerRefs, base + 1, base + 3);
    await untilVoidFinal(homologated.body.id);
    expect(await voidStatus(homologated.body.id)).toBe('homologada');

    // Another product, same emitter CNPJ: SEFAZ refuses its overlapping range (256).
    const product = await server.newProduct();
    const r = refs();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: base + 20 });
    const refused = await voidRange(product, r, base + 2, base + 4);
    expect(refused.status).toBe(201);
    await untilVoidFinal(refused.body.id);
    expect(await voidStatus(refused.body.id)).toBe('rejeitada');

    // The same tenant's serie 2 and another branch's serie 1 void numbers of their own.
    const serie2 = await product.client.series.createSeries({
      body: { ...r, serie: 2, next_number: base + 20 },
    });
    expect(serie2.status).toBe(201);
    const onSerie2 = await voidRange(product, r, base + 6, base + 8, 2);
    expect(onSerie2.status).toBe(201);
    const otherBranch = { ...r, branch_ref: 'filial-2' };
    await prepareBranch(server.url, product, otherBranch, { serie: 3, nextNumber: base + 20 });
    const onOtherBranch = await voidRange(product, otherBranch, base + 9, base + 10, 3);
    expect(onOtherBranch.status).toBe(201);

    for (const next of [base + 2, base + 7, base + 9]) {
      expect(await patch(product, seriesId, next), String(next)).toMatchObject({
        status: 200,
        body: { next_number: next },
      });
    }
  });

  it('racing POST /v1/inutilizacoes: the PATCH and the inutilização never both succeed', async () => {
    const product = await server.newProduct();
    const r = refs();
    const base = freshBlock();
    const { seriesId } = await prepareBranch(server.url, product, r, { nextNumber: base + 900 });
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round++) {
      const first = base + 10 + round * 40;
      const last = first + 2;
      // Back above the numbers under test (no document was emitted: always allowed).
      expect((await patch(product, seriesId, base + 900)).status).toBe(200);
      const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // The inutilização does more work before it takes the lock: give it a head start at times,
      // so both orders happen.
      const headStart = (round % 5) * 2 - 2;
      const [voided, patched] = await Promise.all([
        delay(Math.max(0, -headStart)).then(() => voidRange(product, r, first, last)),
        delay(Math.max(0, headStart)).then(() => patch(product, seriesId, first + 1)),
      ]);
      // Either order is fine; both winning leaves the counter on a voided number.
      expect([voided.status, patched.status].sort(), `round ${round}`).toEqual(
        voided.status === 201 ? [201, 409] : [200, 409],
      );
      if (voided.status === 201) {
        expect(patched.body.detail.code).toBe('series_number_in_use');
        outcomes.push('inutilização first');
      } else {
        expect(voided.body.detail.code).toBe('numbers_in_use');
        outcomes.push('PATCH first');
      }
    }
    // Whatever the order, no live inutilização reaches the counter.
    const { rows } = await server.database.pool.query<{ reaching: number }>(
      `select count(*)::int as reaching from fiscal_voids v join series s on s.id = v.series_id
        where s.id = $1 and v.status <> 'rejeitada' and v.numero_final >= s.next_number`,
      [seriesId],
    );
    expect(rows[0]!.reaching).toBe(0);
    console.info('race winners:', JSON.stringify(countBy(outcomes)));
  });
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
