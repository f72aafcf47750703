// Part 8 — webhooks (issue #47): the API transmits to the local SEFAZ (as in the transmission part)
// and tells one webhook of every authorisation. Measured:
// (a) POST /v1/emissoes answered per second and its p99 with no webhook, then with 1 webhook
//     registered for the product (every emission's authorisation queues a delivery in the statement
//     that stores it, and the API's deliverers send it);
// (b) the delivery latency: from the status change's commit (webhook_deliveries.created_at, the
//     transaction's time) to the first attempt's start (attempts[0].em), and to its 2xx.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { load, warmUp } from './http.mjs';
import { openLoop } from './open-loop.mjs';
import { createSeriesOnEveryBranch } from './stack.mjs';
import { percentile } from './stats.mjs';
import {
  bodiesOf,
  drained,
  serieOf,
  simulatorNice,
  SIMULATED_LATENCY_MS,
  withTransmittingStack,
} from './transmission.mjs';

/** The open loop's rate: the transmission part's. */
const RATE = 200;
/**
 * A rate well under what the machine serves, for the delivery latency of its own: at RATE (or in
 * the closed loop) on a small machine the API's requests queue, the deliverers yield to them (2
 * attempts in flight instead of 16) and the latency is that of a backlog.
 */
const CALM_RATE = 20;

/** A webhook receiver on https://127.0.0.1 (self-signed, trusted by the API through its CA file). */
async function startReceiver() {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-bench-webhooks-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const caFile = join(dir, 'cert.pem');
  let received = 0;
  const server = https.createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(caFile) },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(204).end();
      });
    },
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}/emissor`,
    caFile,
    received: () => received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until no delivery is pending (bounded), returning the seconds it took. */
async function delivered(stack, timeoutMs) {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await stack.sql.query(
      "select count(*)::int as n from webhook_deliveries where status = 'pendente'",
    );
    if (rows[0].n === 0) return (performance.now() - t0) / 1000;
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`${rows[0].n} webhook deliveries still pending after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The emission load of one phase: closed loop at 64 connections, then an open loop at RATE. */
async function emissionLoad(stack, { quick, log, label }) {
  const bodies = bodiesOf();
  const closed = await load(stack, {
    title: `${label}, 32 series, 64 conn`,
    connections: 64,
    duration: quick ? 3 : 10,
    method: 'POST',
    path: '/v1/emissoes',
    bodies,
  });
  await drained(stack, 600_000);
  const openFrom = new Date();
  const open = await openLoop({
    url: `${stack.api.url}/v1/emissoes`,
    apiKey: stack.product.api_key,
    bodies,
    rate: RATE,
    connections: 64,
    durationS: quick ? 3 : 30,
  });
  await drained(stack, 600_000);
  log(
    `webhooks: ${label}: ${closed.okPerSec.toFixed(0)}/s p99 ${closed.p99} ms (64 conn); at ${RATE}/s p50 ${open.p50.toFixed(1)} ms p99 ${open.p99.toFixed(1)} ms`,
  );
  return {
    closed: { okPerSec: closed.okPerSec, p50: closed.p50, p99: closed.p99, errors: closed.errors },
    open: { rate: RATE, p50: open.p50, p99: open.p99, ok: open.ok, errors: open.errors },
    openFrom,
  };
}

/** Status change → first attempt, and → its 2xx, over every delivery since `since` (ms). */
async function deliveryLatency(stack, since) {
  const { rows } = await stack.sql.query(
    `select status, count(*)::int as n,
            coalesce(array_agg(extract(epoch from (attempts->0->>'em')::timestamptz - created_at)
                               * 1000) filter (where attempt_count > 0), '{}') as first_ms,
            coalesce(array_agg(extract(epoch from (attempts->0->>'em')::timestamptz - created_at)
                               * 1000 + (attempts->0->>'duracao_ms')::float8)
                     filter (where status = 'entregue' and attempt_count = 1), '{}') as delivered_ms,
            sum(greatest(attempt_count - 1, 0))::int as retries
     from webhook_deliveries where created_at >= $1 group by status`,
    [since],
  );
  const sorted = (key) => rows.flatMap((r) => r[key].map(Number)).sort((a, b) => a - b);
  const first = sorted('first_ms');
  const done = sorted('delivered_ms');
  return {
    statuses: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    retries: rows.reduce((n, r) => n + r.retries, 0),
    firstAttempt: {
      count: first.length,
      p50: percentile(first, 50),
      p99: percentile(first, 99),
      max: first.at(-1) ?? NaN,
    },
    delivered: { count: done.length, p50: percentile(done, 50), p99: percentile(done, 99) },
  };
}

export async function runWebhooks({ quick, log }) {
  const receiver = await startReceiver();
  let result;
  try {
    await withTransmittingStack(
      {
        quick,
        log,
        nice: simulatorNice(),
        // The receiver is on this machine (a private address): allowed, still https only.
        env: { WEBHOOK_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: receiver.caFile },
      },
      async (stack) => {
        await createSeriesOnEveryBranch(stack, serieOf);
        await warmUp(stack, quick, bodiesOf());
        await drained(stack, 600_000);
        const none = await emissionLoad(stack, { quick, log, label: 'no webhook' });

        const res = await fetch(`${stack.api.url}/v1/webhooks`, {
          method: 'POST',
          headers: { 'x-api-key': stack.product.api_key, 'content-type': 'application/json' },
          body: JSON.stringify({ url: receiver.url, eventos: ['documento.autorizado'] }),
        });
        if (res.status !== 201)
          throw new Error(`webhook not created: ${res.status} ${await res.text()}`);
        const since = new Date();
        const one = await emissionLoad(stack, { quick, log, label: '1 webhook' });
        const drainSeconds = await delivered(stack, 600_000);
        // Over both loads (the closed one saturates the API), and at the open loop's fixed rate;
        // then a calm load of its own.
        const latency = await deliveryLatency(stack, since);
        const latencyAtRate = await deliveryLatency(stack, one.openFrom);
        const calmFrom = new Date();
        await openLoop({
          url: `${stack.api.url}/v1/emissoes`,
          apiKey: stack.product.api_key,
          bodies: bodiesOf(),
          rate: CALM_RATE,
          connections: 8,
          durationS: quick ? 5 : 30,
        });
        await drained(stack, 600_000);
        await delivered(stack, 600_000);
        const latencyCalm = { rate: CALM_RATE, ...(await deliveryLatency(stack, calmFrom)) };
        if (latencyCalm.firstAttempt.count === 0)
          throw new Error('nothing delivered at the calm rate');
        log(
          `webhooks: ${latency.firstAttempt.count} deliveries; status change → first attempt p50 ${latency.firstAttempt.p50.toFixed(1)} ms p99 ${latency.firstAttempt.p99.toFixed(1)} ms (at ${RATE}/s: p50 ${latencyAtRate.firstAttempt.p50.toFixed(1)} ms p99 ${latencyAtRate.firstAttempt.p99.toFixed(1)} ms; at ${CALM_RATE}/s: p50 ${latencyCalm.firstAttempt.p50.toFixed(1)} ms p99 ${latencyCalm.firstAttempt.p99.toFixed(1)} ms); → 2xx p50 ${latency.delivered.p50.toFixed(1)} ms p99 ${latency.delivered.p99.toFixed(1)} ms; statuses ${JSON.stringify(latency.statuses)}, retries ${latency.retries}, receiver got ${receiver.received()}`,
        );
        result = {
          none,
          one,
          latency,
          latencyAtRate,
          latencyCalm,
          drainSeconds,
          received: receiver.received(),
        };
      },
    );
  } finally {
    await receiver.close();
  }
  return {
    part: 'webhooks',
    quick,
    latencyMs: SIMULATED_LATENCY_MS,
    simulatorNice: simulatorNice(),
    ...result,
  };
}
