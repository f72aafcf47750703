import { setTimeout as sleep } from 'node:timers/promises';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { untilDocumentsFinal } from './helpers/local-sefaz.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

// Transmission yields to queueing requests (SEFAZ_YIELD_ABOVE_MS): while they queue, one exchange
// with SEFAZ at a time (SEFAZ_CONCURRENCY_WHILE_SATURATED=1) instead of four. A threshold of 1 ms
// makes every emission "slow", so the process is saturated for as long as emissions keep coming.
// With 300 ms of SEFAZ latency, one exchange at a time means sends that start ≥ 300 ms apart.
const LATENCY_MS = 300;
let server: SimulatorServer;
let admin: SimulatorServer['admin'];
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      SEFAZ_CONCURRENCY: '4',
      SEFAZ_CONCURRENCY_WHILE_SATURATED: '1',
      SEFAZ_YIELD_ABOVE_MS: '1',
      SEFAZ_TIMEOUT_MS: '5000',
      METRICS_ENABLED: 'true',
    },
  });
  admin = server.admin;
  await admin.knobs({ latencyMs: LATENCY_MS });
});
afterAll(() => server.close());

const metric = async (name: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
};

describe('transmission yields to queueing requests', () => {
  it('keeps one exchange in flight while emissions queue, and every document still ends autorizada', async () => {
    const product = await server.newProduct();
    const refs = { tenant_ref: 'yield', branch_ref: 'f1' };
    await prepareBranch(server.url, product, refs);

    const ids: string[] = [];
    let emitting = true;
    const emitLoop = async () => {
      while (emitting) {
        ids.push((await emitDocument(product.client, emissionRequest(refs))).id);
      }
    };
    const loops = [emitLoop(), emitLoop(), emitLoop()];
    await expect.poll(() => metric('emissor_transmission_yielding'), { timeout: 10_000 }).toBe(1);
    const saturatedFrom = new Date();
    // Long enough for a few sends one after the other; on a loaded machine an exchange takes longer
    // than its 300 ms of latency, so wait for three rather than for a fixed time.
    const sendsSince = async (from: Date) => {
      const { rows } = await sql<{ sends: number }>`
        select count(distinct recebido_em)::int as sends from sefaz_simulator.nfe
        where recebido_em >= ${from}`.execute(server.database.db);
      return rows[0]?.sends ?? 0;
    };
    await sleep(1_000);
    await expect
      .poll(() => sendsSince(saturatedFrom), { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(3);
    const saturatedUntil = new Date();
    const stillYielding = await metric('emissor_transmission_yielding');
    emitting = false;
    await Promise.all(loops);
    expect(stillYielding).toBe(1);

    // Nothing starves: the trickle and, once the emissions stop, the full concurrency finish them.
    const documents = await untilDocumentsFinal(product.client, ids, 60_000);
    expect(documents.map((d) => d.status)).toEqual(Array(ids.length).fill('autorizada'));

    // Sends SEFAZ received while the emissions queued: one at a time, so each starts after the
    // previous exchange's answer (≥ the latency later). Four in flight would start together.
    const { rows } = await sql<{ at: Date }>`
      select distinct recebido_em as at from sefaz_simulator.nfe
      where chave = any(${documents.map((d) => d.chave_acesso)})
        and recebido_em between ${saturatedFrom} and ${saturatedUntil}
      order by 1`.execute(server.database.db);
    expect(rows.length).toBeGreaterThan(1);
    const gaps = rows.slice(1).map((r, i) => r.at.getTime() - (rows[i]?.at.getTime() ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(LATENCY_MS - 5);

    expect(await metric('emissor_transmission_yields_total')).toBeGreaterThanOrEqual(1);
    // Calm again (no requests for a few samples): full concurrency back.
    await expect.poll(() => metric('emissor_transmission_yielding'), { timeout: 5_000 }).toBe(0);
  });
});
