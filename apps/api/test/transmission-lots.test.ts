import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { untilDocumentsFinal } from './helpers/local-sefaz.js';
import type { TestServer } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// Asynchronous lots against the local SEFAZ over mutual TLS. Two exchanges in flight per process
// (SEFAZ_CONCURRENCY=2) and a slow SEFAZ (latencyMs) make a burst pile up behind the first two
// sends, so the rest must leave together: the lot sizes are the simulator's, counted in its tables.
let server: SimulatorServer;
let admin: SimulatorServer['admin'];
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_CONCURRENCY: '2',
      SEFAZ_TIMEOUT_MS: '5000',
      METRICS_ENABLED: 'true',
    },
  });
  admin = server.admin;
});
afterAll(() => server.close());

type Product = Awaited<ReturnType<TestServer['newProduct']>>;
let branch = 0;

async function readyBranch() {
  const product = await server.newProduct();
  const refs = { tenant_ref: `lots-${++branch}`, branch_ref: 'f1' };
  await prepareBranch(server.url, product, refs, { nextNumber: branch * 1000 });
  return { product, refs };
}

async function burst(
  product: Product,
  refs: { tenant_ref: string; branch_ref: string },
  n: number,
) {
  return Promise.all(
    Array.from({ length: n }, () => emitDocument(product.client, emissionRequest(refs))),
  );
}

function finals(product: Product, ids: string[]) {
  return untilDocumentsFinal(product.client, ids, 45_000);
}

/** Asynchronous lots the local SEFAZ received for these chaves, and the NF-e in them. */
async function lotsOf(chaves: string[]) {
  const { rows } = await sql<{ recibo: string; documents: number }>`
    select l.recibo, count(*)::int as documents
    from sefaz_simulator.lote l
    cross join lateral unnest(l.protocolos) as p(prot)
    where substring(p.prot from '<chNFe>([0-9]{44})</chNFe>') = any(${chaves})
    group by l.recibo`.execute(server.database.db);
  return rows;
}

/** How many times the local SEFAZ registered each chave (its registry is keyed by chave). */
async function registrations(chaves: string[]) {
  const { rows } = await sql<{ chave: string }>`
    select chave from sefaz_simulator.nfe where chave = any(${chaves})`.execute(server.database.db);
  return rows.length;
}

const linesOf = (chave: string) => server.logs.filter((line) => line.includes(chave));

async function metricsText() {
  return (await fetch(`${server.url}/metrics`)).text();
}

describe('asynchronous lots', () => {
  it('a burst ends autorizada in fewer sends than documents: one lot of the documents that waited', async () => {
    const { product, refs } = await readyBranch();
    await admin.knobs({ latencyMs: 400 });
    try {
      const emitted = await burst(product, refs, 20);
      const done = await finals(
        product,
        emitted.map((d) => d.id),
      );
      expect(done.map((d) => d.status)).toEqual(Array(20).fill('autorizada'));
      const chaves = emitted.map((d) => d.chave_acesso);
      const lots = await lotsOf(chaves);
      const inLots = lots.reduce((n, l) => n + l.documents, 0);
      // Each document went to SEFAZ once: in an async lot or alone (indSinc=1).
      const sends = lots.length + (chaves.length - inLots);
      expect(lots.length).toBeGreaterThan(0);
      expect(Math.max(...lots.map((l) => l.documents))).toBeGreaterThan(1);
      expect(sends).toBeLessThan(chaves.length);
      expect(await registrations(chaves)).toBe(20);
      for (const chave of chaves) {
        await expect
          .poll(() => linesOf(chave).filter((l) => l.includes('transmission finished')).length)
          .toBe(1);
        expect(linesOf(chave).filter((l) => l.includes('transmission retried'))).toEqual([]);
      }
    } finally {
      await admin.knobs({ latencyMs: 0 });
    }
  });

  it('103, then 105 twice (pendingPolls), then 104: the receipt is polled until the lot is processed', async () => {
    const { product, refs } = await readyBranch();
    await admin.knobs({ latencyMs: 300, pendingPolls: 2 });
    try {
      const emitted = await burst(product, refs, 8);
      const done = await finals(
        product,
        emitted.map((d) => d.id),
      );
      expect(done.map((d) => d.status)).toEqual(Array(8).fill('autorizada'));
      const lots = await lotsOf(emitted.map((d) => d.chave_acesso));
      expect(lots.length).toBeGreaterThan(0);
      // The lines of an exchange are written just after the commit the reads above may see first.
      for (const d of emitted)
        await expect
          .poll(() => linesOf(d.chave_acesso).some((l) => l.includes('transmission finished')))
          .toBe(true);
      for (const lot of lots) {
        // One poll per lot (not per document): 105, 105, 104.
        const polls = server.logs.filter(
          (l) => l.includes('transmission receipt polled') && l.includes(lot.recibo),
        );
        expect(polls).toHaveLength(3);
      }
      const inLot = emitted.filter((d) =>
        linesOf(d.chave_acesso).some((l) => l.includes('"attempt":4')),
      );
      expect(inLot.length).toBe(lots.reduce((n, l) => n + l.documents, 0));
      for (const d of inLot) {
        // Sent (attempt 1), polled 105 (2) and 105 (3), settled from the 104's protNFe (4).
        const finished = linesOf(d.chave_acesso).filter((l) => l.includes('transmission finished'));
        expect(finished).toHaveLength(1);
        expect(finished[0]).toContain('"attempt":4');
        expect(finished[0]).toContain('"cStat":"100"');
      }
      const metrics = await metricsText();
      expect(metrics).toMatch(
        /emissor_sefaz_calls_total\{service="NFeRetAutorizacao4",cstat="105"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /emissor_sefaz_calls_total\{service="NFeRetAutorizacao4",cstat="104"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /emissor_sefaz_calls_total\{service="NFeAutorizacao4",cstat="103"\} [1-9]/,
      );
    } finally {
      await admin.knobs({ latencyMs: 0, pendingPolls: 0 });
    }
  });

  it('a lot whose answer is lost: each document consulted, one authorisation each, nothing resent', async () => {
    const { product, refs } = await readyBranch();
    // Held by an outage while the burst is stored and grouped (a refused send goes back to "never
    // sent", so the group stays a lot); then SEFAZ processes every send but the answers are lost.
    await admin.knobs({ latencyMs: 300, outage: { cStat: '109' } });
    let emitted;
    try {
      emitted = await burst(product, refs, 8);
      for (const d of emitted) await admin.forceOutcome(d.chave_acesso, { action: 'drop_answer' });
    } finally {
      await admin.knobs({ outage: null });
    }
    try {
      const chaves = emitted.map((d) => d.chave_acesso);
      const done = await finals(
        product,
        emitted.map((d) => d.id),
      );
      expect(done.map((d) => d.status)).toEqual(Array(8).fill('autorizada'));
      expect(done.every((d) => /^1\d{14}$/.test(d.protocolo ?? ''))).toBe(true);
      const lots = await lotsOf(chaves);
      expect(Math.max(...lots.map((l) => l.documents))).toBeGreaterThan(1);
      expect(await registrations(chaves)).toBe(8);
      for (const chave of chaves) {
        await expect
          .poll(() => linesOf(chave).filter((l) => l.includes('transmission finished')).length)
          .toBe(1);
        const lines = linesOf(chave);
        // The lost answer is an unknown outcome; the consultation found the protocol (100), so no
        // resend ever met 204.
        expect(lines.some((l) => l.includes('transmission retried') && l.includes('unknown'))).toBe(
          true,
        );
        expect(lines.find((l) => l.includes('transmission finished'))).toContain('"cStat":"100"');
        expect(lines.some((l) => l.includes('"cStat":"204"'))).toBe(false);
      }
      const metrics = await metricsText();
      const found = /emissor_transmission_unknown_recovered_total\{outcome="found"\} (\d+)/.exec(
        metrics,
      );
      expect(Number(found?.[1])).toBeGreaterThanOrEqual(8);
      expect(metrics).toMatch(
        /emissor_transmission_final_seconds_count\{status="autorizada"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /emissor_sefaz_calls_total\{service="NFeAutorizacao4",cstat="109"\} [1-9]/,
      );
      expect(metrics).toMatch(
        /emissor_sefaz_calls_total\{service="NFeAutorizacao4",cstat="none"\} [1-9]/,
      );
    } finally {
      await admin.knobs({ latencyMs: 0 });
    }
  });

  it('metrics: the queue is empty once everything is final; the authoriser is up after answering', async () => {
    const metrics = await metricsText();
    expect(metrics).toMatch(/^emissor_transmission_queue_documents 0$/m);
    expect(metrics).toMatch(/^emissor_transmission_queue_oldest_seconds 0$/m);
    expect(metrics).toMatch(
      /emissor_sefaz_authoriser_up\{autorizador="SP",ambiente="homologacao"\} 1/,
    );
    expect(metrics).toMatch(
      /emissor_sefaz_authoriser_consecutive_failures\{autorizador="SP",ambiente="homologacao"\} 0/,
    );
  });
});
