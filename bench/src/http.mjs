// Part 2 — HTTP end to end: POST /v1/emissoes under autocannon, one 990-item emission's latency,
// the API's RSS and the CPU split between the API and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import {
  EMITTER_CNPJ,
  emissionRequest,
  simplesNacionalItem,
  simplesNacionalRequest,
} from '@emissor/test-support';

import { BRANCHES, branchRefs, cpuBetween } from './stack.mjs';
import { openLoop } from './open-loop.mjs';
import { summarize } from './stats.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

/** Runs autocannon and returns the figures we report (bounded by `duration` seconds). */
/**
 * Three seconds of emissions at 16 connections (JIT, pools, caches), then fresh statistics: the
 * tables were empty when the planner last looked. Without statistics, idempotency-key lookups are
 * planned on a list index (~1.8 ms and 1,000+ buffers each instead of ~0.05 ms). The API gathers
 * them itself once `documents` holds 1,000 rows (src/db/first-statistics.ts), which a 3-s warm-up
 * may not reach; this does what the API or autovacuum would do a little later.
 */
export async function warmUp(stack, quick, bodies) {
  await load(stack, {
    title: 'warm-up',
    connections: 16,
    duration: quick ? 1 : 3,
    method: 'POST',
    path: '/v1/emissoes',
    bodies,
  });
  await stack.sql.query('analyze documents, document_xml, series, certificates');
}

export async function load(
  stack,
  { title, connections, duration, method = 'GET', path, bodies, timeout = 30 },
) {
  const before = stack.sampler.cpu();
  const loadgenBefore = process.cpuUsage();
  stack.sampler.resetRss();
  let next = 0;
  const headers = { 'x-api-key': stack.product.api_key };
  if (bodies) headers['content-type'] = 'application/json';
  // The share answered within 100 ms is counted per response: the histogram's percentiles do not give it.
  let within100 = 0;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        title,
        url: `${stack.api.url}${path}`,
        connections,
        duration,
        timeout,
        method,
        headers,
        requests: [
          {
            method,
            path,
            setupRequest: (req) => {
              if (!bodies) return req;
              const body = bodies[next++ % bodies.length];
              return { ...req, body, headers: { ...req.headers, 'idempotency-key': randomUUID() } };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (responseTime <= 100) within100++;
    });
  });
  const after = stack.sampler.cpu();
  const loadgenUsed = process.cpuUsage(loadgenBefore);
  const cpu = cpuBetween(before, after);
  return {
    title,
    connections,
    duration: result.duration,
    ok: result['2xx'],
    okPerSec: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    within100: result.latency.totalCount > 0 ? within100 / result.latency.totalCount : NaN,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
    cpuApi: cpu.api,
    cpuPg: cpu.pg,
    // autocannon runs in this process: its CPU is taken from the same two cores.
    cpuLoadgen: (loadgenUsed.user + loadgenUsed.system) / 1e6 / ((after.at - before.at) / 1000),
    maxRssMiB: stack.sampler.maxRssMiB(),
  };
}

export async function runHttp(stack, { quick, log }) {
  const duration = quick ? 3 : 10;
  const connectionsList = [1, 16, 64];
  const oneSeries = [JSON.stringify(emissionRequest(branchRefs(0), { items: 10 }))];
  const spread = Array.from({ length: BRANCHES }, (_, i) =>
    JSON.stringify(emissionRequest(branchRefs(i), { items: 10 })),
  );

  // Sanity check and warm-up (JIT, credentials cache, pool) before anything is timed.
  const probe = await fetch(`${stack.api.url}/v1/emissoes`, {
    method: 'POST',
    headers: {
      'x-api-key': stack.product.api_key,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: oneSeries[0],
  });
  if (probe.status !== 201 && probe.status !== 200)
    throw new Error(
      `POST /v1/emissoes answered ${probe.status}: ${(await probe.text()).slice(0, 500)}`,
    );
  await warmUp(stack, quick, spread);

  const runs = [];
  for (const [label, bodies] of [
    ['one series', oneSeries],
    ['32 series', spread],
  ]) {
    for (const connections of connectionsList) {
      const r = await load(stack, {
        title: `${label}, ${connections} conn`,
        connections,
        duration,
        method: 'POST',
        path: '/v1/emissoes',
        bodies,
      });
      r.series = label;
      log(
        `http: ${r.title}: ${r.okPerSec.toFixed(0)}/s p50 ${r.p50} ms p99 ${r.p99} ms errors ${r.errors} non2xx ${r.non2xx} ` +
          `CPU api ${r.cpuApi.toFixed(2)} pg ${r.cpuPg.toFixed(2)} RSS ${r.maxRssMiB.toFixed(0)} MiB`,
      );
      runs.push(r);
    }
  }

  // The same 64 clients at the target rates, open loop: the latency a caller sees at that load
  // (the closed-loop rows above measure saturation, where latency is 64 ÷ throughput).
  const atRate = [];
  // The target rates, then 600/s on both for the headroom below saturation.
  for (const [label, bodies, rate] of [
    ['one series', oneSeries, 200],
    ['32 series', spread, 400],
    ['one series', oneSeries, 600],
    ['32 series', spread, 600],
  ]) {
    const before = stack.sampler.cpu();
    const loadgenBefore = process.cpuUsage();
    const r = await openLoop({
      url: `${stack.api.url}/v1/emissoes`,
      apiKey: stack.product.api_key,
      bodies,
      rate,
      connections: 64,
      durationS: duration,
    });
    const after = stack.sampler.cpu();
    const cpu = cpuBetween(before, after);
    const loadgen = process.cpuUsage(loadgenBefore);
    const row = {
      series: label,
      ...r,
      cpuApi: cpu.api,
      cpuPg: cpu.pg,
      cpuLoadgen: (loadgen.user + loadgen.system) / 1e6 / ((after.at - before.at) / 1000),
    };
    log(
      `http: ${label}, 64 clients at ${rate}/s: p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms, ${r.ok} ok, ${r.errors + r.non2xx} errors/non-2xx, ` +
        `CPU api ${cpu.api.toFixed(2)} pg ${cpu.pg.toFixed(2)} load generator ${row.cpuLoadgen.toFixed(2)}`,
    );
    atRate.push(row);
  }

  // One 990-item emission end to end, one at a time (bounded: count and 120 s). Simples Nacional
  // items without tax lines: 990 of them sign to about 430 KB, within SEFAZ's 500 KB lot (990
  // items with three tax lines each would be refused as document_too_large).
  const big = JSON.stringify({
    ...simplesNacionalRequest(EMITTER_CNPJ),
    ...branchRefs(1),
    itens: Array.from({ length: 990 }, () => simplesNacionalItem()),
    pagamento: { tpag: '01', valor: String(500 * 990) },
  });
  stack.sampler.resetRss();
  const big990 = {
    ...(await postOneAtATime(stack, big, {
      runs: quick ? 5 : 20,
      warmUps: 2,
      until: Date.now() + 120_000,
    })),
    maxRssMiB: stack.sampler.maxRssMiB(),
  };
  log(
    `http: 990 items end to end: p50 ${big990.p50.toFixed(1)} ms p99 ${big990.p99.toFixed(1)} ms over ${big990.n} runs (${JSON.stringify(big990.statuses)})`,
  );

  const loadedSale = await loadedSaleLatency(stack, quick);
  if (loadedSale)
    log(
      `http: the loaded sale example end to end: p50 ${loadedSale.p50.toFixed(1)} ms p99 ${loadedSale.p99.toFixed(1)} ms over ${loadedSale.n} runs (${JSON.stringify(loadedSale.statuses)})`,
    );

  const { rows } = await stack.sql.query('select count(*)::int as n from documents');
  return {
    part: 'http',
    quick,
    duration,
    workers: stack.workers,
    signingThreads: stack.signingThreads,
    apiLogLevel: stack.api.env.LOG_LEVEL,
    runs,
    atRate,
    big990,
    loadedSale,
    maxRssMiB: Math.max(...runs.map((r) => r.maxRssMiB), big990.maxRssMiB),
    documentsStored: rows[0].n,
  };
}

/**
 * The sale on credit of /docs (discount, freight, a carrier with volumes, a fatura in duplicatas,
 * boleto) posted one at a time as the bench's branch: what a fully loaded NF-e costs end to end.
 * Undefined when the contract has no such example (an older build).
 */
async function loadedSaleLatency(stack, quick) {
  const { bodyExamples, contract } = await import('@emissor/contract');
  const example = bodyExamples?.(contract.emissions.emit.body)?.['venda a prazo com transporte'];
  if (!example) return undefined;
  const body = JSON.stringify({
    ...example.value,
    ...branchRefs(1),
    serie: 1,
    emitente: { ...example.value.emitente, cnpj: EMITTER_CNPJ },
  });
  return postOneAtATime(stack, body, { runs: quick ? 20 : 200, warmUps: 5 });
}

/**
 * POSTs `body` to /v1/emissoes `warmUps + runs` times, one at a time, each under a new key (or
 * fewer once `until` passes): the latency of the runs after the warm-ups, every answer's status,
 * and the body's size.
 */
async function postOneAtATime(stack, body, { runs, warmUps, until = Infinity }) {
  const samples = [];
  const statuses = {};
  for (let i = 0; i < warmUps + runs && Date.now() < until; i++) {
    const t0 = performance.now();
    const res = await fetch(`${stack.api.url}/v1/emissoes`, {
      method: 'POST',
      headers: {
        'x-api-key': stack.product.api_key,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body,
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (i >= warmUps) samples.push(performance.now() - t0);
  }
  return { ...summarize(samples), bodyBytes: Buffer.byteLength(body), statuses };
}
