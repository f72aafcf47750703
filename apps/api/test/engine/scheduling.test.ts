// The engine's scheduling policy with in-memory ports (no PostgreSQL, no RSA): pipelining, the
// contention window, requeue order, reservations, exhaustion and what the locked path answers.
// The same engine on its real ports is tested in ../emission-engine.test.ts and through HTTP.
import type { SigningCredentials } from '@emissor/signer';
import { describe, expect, it } from 'vitest';

import { AppError } from '../../src/errors.js';
import { createEmissionEngine } from '../../src/modules/emissions/emission-engine.js';
import type {
  EmissionEngine,
  EmissionJob,
  JobResult,
} from '../../src/modules/emissions/emission-job.js';
import { document, fakeSigner, MemoryDocumentStore, SignFailure } from './memory-ports.js';

const SERIES = 'series-a';
let keys = 0;

function job(counterHint: number, overrides: Partial<EmissionJob> = {}): EmissionJob {
  return {
    target: {
      productId: 'product-1',
      seriesId: SERIES,
      tenantRef: 't',
      branchRef: 'b',
      serie: 1,
    },
    idempotencyKey: `key-${++keys}`,
    requestFingerprint: 'f'.repeat(64),
    ambiente: 'homologacao',
    uf: 'SP',
    nfe: { render: () => ({ xml: '', chave: '' }) },
    credentials: {} as SigningCredentials,
    issuedAt: new Date(0),
    counterHint,
    ...overrides,
  };
}

const numeroOf = (result: JobResult) => (result.kind === 'created' ? result.document.numero : -1);

function setup(counter = 1, options: { now?: () => number } = {}) {
  const store = new MemoryDocumentStore();
  store.counters.set(SERIES, counter);
  const sign = fakeSigner();
  const engine = createEmissionEngine({ sign, store }, { contendedForMs: 1_000, ...options });
  return { store, sign, engine };
}

const submitAll = (engine: EmissionEngine, jobs: EmissionJob[]) =>
  Promise.all(jobs.map((j) => engine.submit(j)));

describe('one process', () => {
  it('numbers 40 concurrent jobs gaplessly in submit order, pipelining batches of the series', async () => {
    const { engine, store } = setup(7);
    const results = await submitAll(
      engine,
      Array.from({ length: 40 }, () => job(7)),
    );
    expect(results.map(numeroOf)).toEqual(Array.from({ length: 40 }, (_, i) => 7 + i));
    expect(store.counters.get(SERIES)).toBe(47);
    const stats = engine.stats();
    expect(stats).toMatchObject({ optimisticStored: 40, claimsLost: 0, lockedBatches: 0 });
    expect(stats.pipelinedBatches).toBeGreaterThan(0);
    // Batches are bounded: 40 jobs need at least two statements of at most 32.
    expect(stats.optimisticStatements).toBeGreaterThanOrEqual(2);
  });

  it('a second batch reserves the numbers after the first and signs while the first is stored', async () => {
    const { engine, store, sign } = setup(1);
    let open = () => {};
    store.gate = new Promise((resolve) => (open = resolve));
    const first = engine.submit(job(1));
    const second = engine.submit(job(1));
    // Both batches are signed before either statement runs: the second did not wait for the first.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sign.calls).toBe(2);
    expect(store.statements).toBe(0);
    open();
    expect([numeroOf(await first), numeroOf(await second)]).toEqual([1, 2]);
    expect(engine.stats()).toMatchObject({ optimisticStatements: 2, pipelinedBatches: 1 });
  });

  it('jobs that arrive while a batch is signed wait for it and go together in the next batch', async () => {
    const { engine, store, sign } = setup(1);
    const pending = [engine.submit(job(1)), engine.submit(job(1)), engine.submit(job(1))];
    expect((await Promise.all(pending)).map(numeroOf)).toEqual([1, 2, 3]);
    // The first started alone; the two that came while it was signed did not start a batch of
    // one each but waited and went as one: three signatures, two statements.
    expect(sign.calls).toBe(3);
    expect(engine.stats()).toMatchObject({ optimisticStatements: 2, optimisticStored: 3 });
    expect(store.statements).toBe(2);
  });

  it('a third batch waits for a free slot (two batches in flight at most) and takes the next number', async () => {
    const { engine, store, sign } = setup(1);
    let open = () => {};
    store.gate = new Promise((resolve) => (open = resolve));
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const pending = [engine.submit(job(1))];
    await tick(); // signed, its store held at the gate
    pending.push(engine.submit(job(1)));
    await tick(); // signed too, waiting for its turn behind the first
    pending.push(engine.submit(job(1)));
    await tick();
    expect(sign.calls).toBe(2);
    open();
    expect((await Promise.all(pending)).map(numeroOf)).toEqual([1, 2, 3]);
    expect(sign.calls).toBe(3);
  });

  it('a stale hint loses its claim, and the series goes the locked way until the window closes', async () => {
    let now = 0;
    const { engine, store } = setup(1, { now: () => now });
    store.counters.set(SERIES, 10); // another process numbered 1–9 meanwhile
    expect(numeroOf(await engine.submit(job(1)))).toBe(10);
    expect(engine.stats()).toMatchObject({ claimsLost: 1, lockedBatches: 1, optimisticStored: 0 });

    now = 999; // still contended: locked again
    expect(numeroOf(await engine.submit(job(1)))).toBe(11);
    expect(engine.stats().lockedBatches).toBe(2);

    now = 1_001; // the window closed: optimistic again, with what the locked path left (read afresh)
    expect(numeroOf(await engine.submit(job(12)))).toBe(12);
    expect(engine.stats()).toMatchObject({ lockedBatches: 2, optimisticStored: 1 });
  });

  it('jobs of lost claims go back to the queue in arrival order, ahead of later ones', async () => {
    const { engine, store } = setup(1);
    store.counters.set(SERIES, 100);
    const results = await submitAll(
      engine,
      Array.from({ length: 5 }, () => job(1)),
    );
    expect(results.map(numeroOf)).toEqual([100, 101, 102, 103, 104]);
    expect(store.numbers(SERIES)).toEqual([100, 101, 102, 103, 104]);
  });

  it('a job that fails to sign is refused with its own error; the others take gapless numbers', async () => {
    const store = new MemoryDocumentStore();
    store.counters.set(SERIES, 1);
    const failing = job(1);
    const sign = fakeSigner(new Set([failing.idempotencyKey]));
    const engine = createEmissionEngine({ sign, store });
    const outcomes = await Promise.allSettled([
      engine.submit(job(1)),
      engine.submit(failing),
      engine.submit(job(1)),
    ]);
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: expect.any(SignFailure) });
    const numbers = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [numeroOf(o.value)] : []));
    expect(numbers.sort()).toEqual([1, 2]);
    expect(store.counters.get(SERIES)).toBe(3);
  });

  it('a key stored by another process answers with that document and takes no number', async () => {
    const { engine, store } = setup(1);
    const mine = job(1);
    const theirs = store.insertElsewhere(document(mine, 1));
    const result = await engine.submit({ ...mine, counterHint: 1 });
    expect(result).toEqual({ kind: 'replayed', document: theirs });
    expect(store.counters.get(SERIES)).toBe(2);
    expect(store.numbers(SERIES)).toEqual([1]);
    // The unique index refused the optimistic statement; the locked path found the key.
    expect(engine.stats()).toMatchObject({ optimisticStored: 0, lockedBatches: 1 });
  });

  it('a counter moved behind a used number skips past it instead of failing', async () => {
    const { engine, store } = setup(1);
    store.insertElsewhere(document(job(1), 5));
    store.counters.set(SERIES, 3); // as an old PATCH could leave it: 5 is used, the counter says 3
    // One at a time, so that 4 is stored alone and 5 alone hits the used number.
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await engine.submit(job(3)));
    expect(results.map(numeroOf)).toEqual([3, 4, 6]);
  });

  it('the last number is handed out once; jobs past it get series_exhausted', async () => {
    const { engine, store } = setup(999_999_998);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 }, () => engine.submit(job(999_999_998))),
    );
    const created = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [numeroOf(o.value)] : []));
    expect(created).toEqual([999_999_998, 999_999_999]);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(AppError);
    expect((refused[0] as AppError).code).toBe('series_exhausted');
    expect(store.counters.get(SERIES)).toBe(1_000_000_000);
  });

  it('series are independent: a contended one does not hold back another', async () => {
    const { engine, store } = setup(1);
    store.counters.set('series-b', 1);
    store.counters.set(SERIES, 50); // A's hint is stale
    const b = (hint: number) => job(hint, { target: { ...job(0).target, seriesId: 'series-b' } });
    const results = await submitAll(engine, [job(1), b(1), b(1)]);
    expect(results.map(numeroOf)).toEqual([50, 1, 2]);
  });
});

describe('two processes on one store', () => {
  it('get distinct, gapless numbers; lost claims are retried under the lock', async () => {
    const store = new MemoryDocumentStore();
    store.counters.set(SERIES, 1);
    const engines = [0, 1].map(() => createEmissionEngine({ sign: fakeSigner(), store }));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => engines[i % 2]!.submit(job(1))),
    );
    expect(results.map(numeroOf).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => 1 + i),
    );
    expect(store.counters.get(SERIES)).toBe(61);
    expect(engines.reduce((n, e) => n + e.stats().claimsLost, 0)).toBeGreaterThan(0);
  });
});
