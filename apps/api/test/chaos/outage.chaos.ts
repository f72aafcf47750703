import { afterAll, describe, expect, it } from 'vitest';

import { spawnApi, waitUntilReady, type ApiProcess } from '../helpers/api-process.js';
import { prepareBranch } from '../helpers/emission.js';
import { startTestServer } from '../helpers/server.js';
import { startDedicatedPostgres, type DedicatedPostgres } from './dedicated-postgres.js';
import { checkIntegrity, countBy, emissionLoad } from './load.js';

const CLIENTS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let postgres: DedicatedPostgres | undefined;
let api: ApiProcess | undefined;
afterAll(async () => {
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
  await postgres?.destroy();
});

async function ready(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(`${url}/v1/health/ready`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    // The API is gone: show why.
    throw new Error(
      `ready check failed (${(error as Error).message}); API output:\n${api?.output().slice(-6_000)}`,
    );
  }
}

describe('PostgreSQL stops under emission load, then comes back', () => {
  it('answers 503 service_unavailable with Retry-After (never 500, never a crash) and recovers without a restart', async () => {
    postgres = await startDedicatedPostgres();
    const setup = await startTestServer({ databaseUrl: postgres.databaseUrl });
    const product = await setup.newProduct();
    const refs = [
      { tenant_ref: 'outage', branch_ref: 'a' },
      { tenant_ref: 'outage', branch_ref: 'b' },
    ];
    for (const r of refs) await prepareBranch(setup.url, product, r);
    await setup.close();

    // The built API as an operator runs it: a crash would show as an exited process.
    api = await spawnApi(postgres.databaseUrl);
    await waitUntilReady(api);
    const running = api;
    const pid = running.child.pid;

    let stop = false;
    const load = emissionLoad({
      url: () => running.url,
      apiKey: product.apiKey,
      refs,
      clients: CLIENTS,
      until: () => stop,
      maxRequests: 20_000,
      requestTimeoutMs: 20_000,
    });

    await sleep(2_000);
    await postgres.stop();
    const downAt = Date.now();
    await sleep(4_000);
    const readyWhileDown = await ready(running.url);
    await sleep(1_000);

    await postgres.start();
    const upAt = Date.now();
    // Recovery by itself: poll until an emission succeeds again (bounded).
    let recoveredAfterMs = -1;
    while (Date.now() - upAt < 30_000) {
      const r = await ready(running.url);
      if (r.status === 200) {
        recoveredAfterMs = Date.now() - upAt;
        break;
      }
      await sleep(200);
    }
    await sleep(3_000);
    stop = true;
    const outcomes = await load;

    const statuses = countBy(outcomes, (o) => o.status);
    console.log(
      `outage: ${outcomes.length} emissions by ${CLIENTS} clients, statuses ${JSON.stringify(statuses)}, database down ${upAt - downAt} ms, ready again ${recoveredAfterMs} ms after restart, slowest answer ${Math.max(...outcomes.map((o) => o.ms))} ms`,
    );

    // Never a crash: same process, still running.
    expect(running.child.exitCode).toBeNull();
    expect(running.child.pid).toBe(pid);
    // Every answer is a success or a well-formed 503; no 500, no hung or dropped request.
    const unexpected = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    expect(unexpected.slice(0, 5), running.output().slice(-4_000)).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      expect(o.body).toEqual({
        detail: { code: 'service_unavailable', message: expect.any(String) },
      });
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
    expect(readyWhileDown).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'unreachable' },
    });

    // Recovered without a restart: ready again and emissions created after the database returned.
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    const after = await fetch(`${running.url}/v1/health/ready`);
    expect(after.status).toBe(200);
    const created = outcomes.filter((o) => o.status === 201);
    expect(created.length).toBeGreaterThan(0);
    const lastCreatedEnd = outcomes.lastIndexOf(created[created.length - 1]!);
    expect(lastCreatedEnd).toBeGreaterThan(outcomes.indexOf(unavailable[0]!));

    const report = await checkIntegrity(
      postgres.databaseUrl,
      created.map((o) => (o.body as { id: string }).id),
    );
    console.log(
      `outage: ${report.documents} documents checked after recovery, ${report.problems.length} problems`,
    );
    expect(report.problems).toEqual([]);
  }, 150_000);
});
