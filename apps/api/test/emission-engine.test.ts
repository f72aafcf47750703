// The engine's two ways of numbering on its real ports (signing threads, PostgreSQL), driven
// directly with two engines on one database (as two API processes would be): a claim that another
// process beat must retry under the row lock, a key used meanwhile must answer with its document
// without taking a number, and the last number of a series is handed out exactly once. The policy
// itself is unit-tested without PostgreSQL in src/modules/emissions/emission-engine.test.ts.
import { readPkcs12 } from '@emissor/signer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { EmissionEngine, EmissionJob } from '../src/modules/emissions/emission-job.js';
import { createEmissions } from '../src/modules/emissions/emissions.js';
import { prepareNumberableNfe } from '../src/modules/emissions/numberable-nfe.js';
import { createSigningPool, type SigningPool } from '../src/signing/signing-pool.js';
import { testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface Process {
  pool: pg.Pool;
  engine: EmissionEngine;
}

let server: TestServer;
const processes: Process[] = [];
// One signing thread shared by the simulated processes (threads hold no state).
let signing: SigningPool;
const refs = { tenant_ref: 'batcher', branch_ref: 'two-processes' };
let product: { id: string };
let seriesId: string;
const pfx = testPfx({ cnpj: EMITTER_CNPJ });
const credentials = readPkcs12(pfx.pfx, pfx.password);
const nfe = prepareNumberableNfe(emissionRequest(refs));

function newProcess(): Process {
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 4 });
  const process = { pool, engine: createEmissions(pool, signing).engine };
  processes.push(process);
  return process;
}

const job = (counterHint: number, idempotencyKey = newKey()): EmissionJob => ({
  target: {
    productId: product.id,
    seriesId,
    tenantRef: refs.tenant_ref,
    branchRef: refs.branch_ref,
    serie: 1,
  },
  idempotencyKey,
  requestFingerprint: 'f'.repeat(64),
  ambiente: 'homologacao',
  uf: 'SP',
  nfe,
  credentials,
  issuedAt: new Date(),
  counterHint,
});

async function counter(): Promise<number> {
  const { rows } = await processes[0]!.pool.query<{ next_number: number }>(
    'select next_number from series where id = $1',
    [seriesId],
  );
  return rows[0]!.next_number;
}

async function numbersStored(): Promise<number[]> {
  const { rows } = await processes[0]!.pool.query<{ numero: number }>(
    'select numero from documents where series_id = $1 order by numero',
    [seriesId],
  );
  return rows.map((r) => r.numero);
}

beforeAll(async () => {
  server = await startTestServer();
  signing = createSigningPool(1);
  const created = await server.newProduct();
  product = created;
  ({ seriesId } = await prepareBranch(server.url, created, refs, { nextNumber: 1 }));
});

afterAll(async () => {
  for (const p of processes) await p.pool.end();
  await signing?.close();
  await server?.close();
});

describe('emission engine with two processes on one series', () => {
  it('a claim another process beat retries under the row lock and takes the next free number', async () => {
    const a = newProcess();
    const b = newProcess();
    const first = await b.engine.submit(job(1));
    expect(first.kind === 'created' && first.document.numero).toBe(1);

    // A read the counter before B stored number 1: its guess is stale, so its claim must lose.
    const second = await a.engine.submit(job(1));
    expect(second.kind === 'created' && second.document.numero).toBe(2);
    expect(a.engine.stats()).toEqual({
      optimisticStored: 0,
      optimisticStatements: 1,
      claimsLost: 1,
      lockedBatches: 1,
      pipelinedBatches: 0,
    });
    expect(b.engine.stats()).toEqual({
      optimisticStored: 1,
      optimisticStatements: 1,
      claimsLost: 0,
      lockedBatches: 0,
      pipelinedBatches: 0,
    });
    expect(await numbersStored()).toEqual([1, 2]);
    expect(await counter()).toBe(3);
  });

  it('a key stored meanwhile by the other process answers with its document and takes no number', async () => {
    const [a, b] = [newProcess(), newProcess()];
    const key = newKey();
    const before = await counter();
    const stored = await b.engine.submit(job(before, key));
    expect(stored.kind).toBe('created');

    // A checked the key before B stored it, so it does not know it is a repeat: the unique index
    // stops its statement and the locked path answers with the document that holds the key.
    const repeated = await a.engine.submit(job(before + 1, key));
    expect(repeated.kind).toBe('replayed');
    expect(repeated.document.id).toBe(stored.document.id);
    expect(await counter()).toBe(before + 1);
    expect((await numbersStored()).at(-1)).toBe(before);
  });

  it('many concurrent jobs from both processes get distinct, gapless numbers', async () => {
    const [a, b] = [newProcess(), newProcess()];
    const start = await counter();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).engine.submit(job(start))),
    );
    const numbers = results
      .map((r) => (r.kind === 'created' ? r.document.numero : -1))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => start + i));
    expect(await counter()).toBe(start + 40);
    const lost = a.engine.stats().claimsLost + b.engine.stats().claimsLost;
    expect(lost).toBeGreaterThan(0); // both guessed `start`: at least one claim lost and was retried
  });

  it('a batch that signs while the previous one of its series is stored takes the numbers after it', async () => {
    const a = newProcess();
    const start = await counter();
    // The first submit starts a batch at once; the second starts a pipelined one behind it; the rest
    // queue for a free slot and go in later batches.
    const results = await Promise.all(
      Array.from({ length: 40 }, () => a.engine.submit(job(start))),
    );
    const numbers = results
      .map((r) => (r.kind === 'created' ? r.document.numero : -1))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => start + i));
    expect(await counter()).toBe(start + 40);
    const stats = a.engine.stats();
    expect(stats).toMatchObject({ optimisticStored: 40, claimsLost: 0, lockedBatches: 0 });
    expect(stats.pipelinedBatches).toBeGreaterThan(0);
  });

  it('a pipelined batch behind a claim that lost still stores, and the lost jobs take the next numbers', async () => {
    const [a, b] = [newProcess(), newProcess()];
    const start = await counter();
    // A has stored nothing yet, so it will guess `start`; B takes `start` first.
    const taken = await b.engine.submit(job(start));
    expect(taken.kind === 'created' && taken.document.numero).toBe(start);
    // A's first batch claims `start` (lost); its pipelined second batch reserved `start + 1`, which
    // is what the counter holds, so it stores; the lost job is numbered under the row lock.
    const [first, second] = await Promise.all([
      a.engine.submit(job(start)),
      a.engine.submit(job(start)),
    ]);
    expect(second.kind === 'created' && second.document.numero).toBe(start + 1);
    expect(first.kind === 'created' && first.document.numero).toBe(start + 2);
    expect(a.engine.stats()).toEqual({
      optimisticStored: 1,
      optimisticStatements: 2,
      claimsLost: 1,
      lockedBatches: 1,
      pipelinedBatches: 1,
    });
    expect(await numbersStored()).toEqual(expect.arrayContaining([start, start + 1, start + 2]));
    expect(await counter()).toBe(start + 3);
  });

  it('the last number of a series is handed out once; the rest answer series_exhausted', async () => {
    const [a, b] = [newProcess(), newProcess()];
    await processes[0]!.pool.query('update series set next_number = 999999998 where id = $1', [
      seriesId,
    ]);
    const outcomes = await Promise.allSettled([
      a.engine.submit(job(999_999_998)),
      a.engine.submit(job(999_999_998)),
      b.engine.submit(job(999_999_998)),
    ]);
    const created = outcomes.flatMap((o) =>
      o.status === 'fulfilled' && o.value.kind === 'created' ? [o.value.document.numero] : [],
    );
    expect(created.sort()).toEqual([999_999_998, 999_999_999]);
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [o.reason as { code?: string }] : [],
    );
    expect(refused.map((e) => e.code)).toEqual(['series_exhausted']);
    expect(await counter()).toBe(1_000_000_000);
  });
});
