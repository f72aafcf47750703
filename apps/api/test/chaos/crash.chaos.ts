import { afterAll, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from '../helpers/api-process.js';
import { emissionRequest, prepareBranch } from '../helpers/emission.js';
import { startTestServer } from '../helpers/server.js';
import { checkIntegrity, countBy, emissionLoad } from './load.js';

const CLIENTS = 64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const processes: ApiProcess[] = [];
afterAll(async () => {
  for (const p of processes) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
});

describe('the API process is killed (SIGKILL) under emission load', () => {
  it('loses nothing a client was told was created, half-writes nothing, and numbers on after a restart', async () => {
    const setup = await startTestServer();
    const product = await setup.newProduct();
    const refs = Array.from({ length: 4 }, (_, i) => ({
      tenant_ref: 'crash',
      branch_ref: `b${i}`,
    }));
    for (const r of refs) await prepareBranch(setup.url, product, r);
    const databaseUrl = setup.databaseUrl;
    await setup.close();

    let current = await spawnApi(databaseUrl);
    processes.push(current);
    await waitUntilReady(current);

    let stop = false;
    let createdSoFar = 0;
    const load = emissionLoad({
      url: () => current.url,
      apiKey: product.apiKey,
      refs,
      clients: CLIENTS,
      until: () => stop,
      maxRequests: 20_000,
      onOutcome: (o) => (createdSoFar += o.status === 201 ? 1 : 0),
    });

    // Kill a warm, busy process: after 100 emissions (or 20 s at most).
    const warmUntil = Date.now() + 20_000;
    while (createdSoFar < 100 && Date.now() < warmUntil) await sleep(50);
    // No warning, no shutdown hook: in-flight transactions die with the process.
    const killed = current;
    const killedAt = Date.now();
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');

    current = await spawnApi(databaseUrl);
    processes.push(current);
    await waitUntilReady(current);
    const restartedAt = Date.now();
    await sleep(4_000);
    stop = true;
    const outcomes = await load;

    const statuses = countBy(outcomes, (o) => o.status);
    const created = outcomes.filter((o) => o.status === 201);
    const before = created.filter((o) => o.at < killedAt).length;
    const afterRestart = created.filter((o) => o.at >= restartedAt).length;
    const cut = outcomes.filter(
      (o) => o.status === 0 && o.at >= killedAt && o.at - o.ms < killedAt,
    ).length;
    console.log(
      `crash: ${outcomes.length} emissions by ${CLIENTS} clients around a SIGKILL, statuses ${JSON.stringify(statuses)} (0 = no answer); 201 before the kill ${before}, after the restart ${afterRestart}; ${cut} requests in flight at the kill`,
    );

    // Only successes, or no answer at all while no process was there: never a 5xx after the restart.
    expect(Object.keys(statuses).filter((s) => s !== '201' && s !== '0')).toEqual([]);
    // The kill hit a busy process, and the restarted one emitted too.
    expect(before).toBeGreaterThan(0);
    expect(cut).toBeGreaterThan(0);
    expect(afterRestart).toBeGreaterThan(0);

    const report = await checkIntegrity(
      databaseUrl,
      created.map((o) => (o.body as { id: string }).id),
    );
    console.log(
      `crash: ${report.documents} stored documents checked (counter, uniqueness, XML pairing, signature, both schema packs), ${report.problems.length} problems`,
    );
    expect(report.problems).toEqual([]);
    expect(report.documents).toBeGreaterThanOrEqual(created.length);

    // And the next emission after everything gets the next free number of its series.
    const after = await fetch(`${current.url}/v1/emissoes`, {
      method: 'POST',
      headers: {
        'x-api-key': product.apiKey,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(emissionRequest(refs[0]!)),
    });
    expect(after.status).toBe(201);
  }, 180_000);
});
