// Part 6 — transmission on: the API sends every emission to a local SEFAZ (apps/sefaz-simulator as
// its own process, 300 ms of simulated latency) over mutual TLS, in lots. Measured:
// (a) POST /v1/emissoes answered per second and its p99 with transmission on vs off, same load;
// (b) documents authorised per second end to end (emission → autorizada) for a fixed batch;
// (c) the time from emission to autorizada (p50, p99), from the database's own timestamps.
import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { emissionRequest } from '@emissor/test-support';

import { load, warmUp } from './http.mjs';
import { openLoop } from './open-loop.mjs';
import { schedIdle, startSimulator } from './simulator.mjs';
import {
  BRANCHES,
  branchRefs,
  childrenOf,
  cpuBetween,
  cpuSeconds,
  createSeriesOnEveryBranch,
  postgresCpuSeconds,
  startPostgres,
  withStack,
} from './stack.mjs';
import { percentile } from './stats.mjs';

/** Issue #16: the end-to-end rate is measured with 300 ms of SEFAZ latency on every answer. */
export const SIMULATED_LATENCY_MS = 300;

/**
 * For POST on vs off, the local SEFAZ stands in for authorisers that run on other machines. On
 * the bench's machine it shares the cores with the API and PostgreSQL, so it runs at the lowest
 * CPU priority: what it takes is what they leave, as with a remote SEFAZ. Its PostgreSQL work (the
 * same server) keeps the normal priority. BENCH_SIMULATOR_NICE=0 runs it as an equal
 * (bench/results/comparisons.md §9). BENCH_SIMULATOR_SCHED=idle puts it and its PostgreSQL under
 * SCHED_IDLE instead (a diagnosis: it then runs only on a core nothing else wants). The end-to-end
 * phase always runs it as an equal.
 */
export const simulatorNice = () => Number(process.env.BENCH_SIMULATOR_NICE ?? 19);

// The 32 branches share one emitter CNPJ, and SEFAZ numbers per CNPJ and series: with series 1
// everywhere, branch 2's first number would be a duplicate of branch 1's (539). Each branch gets a
// series of its own for this part.
export const serieOf = (branch) => 100 + branch;

export const bodiesOf = () =>
  Array.from({ length: BRANCHES }, (_, i) =>
    JSON.stringify(emissionRequest(branchRefs(i), { items: 10, serie: serieOf(i) })),
  );

/**
 * The same emission load on a stack: closed loop at 64 connections, then open loop at a fixed
 * rate. With transmission on, each phase starts with nothing in transmission (`settle`), so it
 * measures that phase's own transmission rather than the catching up on the previous one's.
 */
async function emissionLoad(stack, { quick, log, label, settle = async () => {}, standIn }) {
  await createSeriesOnEveryBranch(stack, serieOf);
  const duration = quick ? 3 : 10;
  // p99 of a fixed rate needs more answers than 10 s give (2,000: the 20th slowest).
  const openDuration = quick ? 3 : 30;
  const bodies = bodiesOf();
  await warmUp(stack, quick, bodies);
  await settle('warm-up');
  const closed = await load(stack, {
    title: `${label}, 32 series, 64 conn`,
    connections: 64,
    duration,
    method: 'POST',
    path: '/v1/emissoes',
    bodies,
  });
  await settle('closed loop');
  const rate = 200;
  const before = { ...stack.sampler.cpu(), standIn: standIn?.() };
  const rounds = [];
  for (let round = 0; round < (quick ? 1 : OPEN_ROUNDS); round++) {
    if (round > 0) await settle(`open loop ${round}`);
    rounds.push(
      await openLoop({
        url: `${stack.api.url}/v1/emissoes`,
        apiKey: stack.product.api_key,
        bodies,
        rate,
        connections: 64,
        durationS: openDuration,
      }),
    );
  }
  const after = { ...stack.sampler.cpu(), standIn: standIn?.() };
  const cpu = cpuBetween(before, after);
  const open = medianRound(rounds);
  // Over the rounds and the settling between them; the machine's share shows what else the cores
  // ran (the load generator, the local SEFAZ beside the API, the kernel).
  const cpuOpen = { cpuApi: cpu.api, cpuPg: cpu.pg, cpuMachine: cpu.machine, cpuSteal: cpu.steal };
  if (standIn)
    cpuOpen.cpuStandIn = (after.standIn - before.standIn) / ((after.at - before.at) / 1000);
  const coresOf = Object.entries(cpuOpen).map(([k, v]) => `${k.slice(3)} ${v.toFixed(2)}`);
  log(
    `transmission: ${label}: ${closed.okPerSec.toFixed(0)}/s p99 ${closed.p99} ms (64 conn); at ${rate}/s p50 ${open.p50.toFixed(1)} ms p99 ${open.p99.toFixed(1)} ms (rounds: ${rounds.map((r) => r.p99.toFixed(1)).join(', ')}); cores ${coresOf.join(', ')}`,
  );
  return { closed, open: { ...open, ...cpuOpen } };
}

/**
 * The p99 of one 30-s round at 200/s is its 60th slowest answer, and moved 9–15 ms between rounds
 * of the same stack (bench/results/comparisons.md §9): each side runs three rounds and is compared by the
 * median round's percentiles; every round's p99 is kept.
 */
const OPEN_ROUNDS = 3;
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function medianRound(rounds) {
  const sum = (key) => rounds.reduce((n, r) => n + r[key], 0);
  return {
    rate: rounds[0].rate,
    p50: middle(rounds.map((r) => r.p50)),
    p99: middle(rounds.map((r) => r.p99)),
    roundsP99: rounds.map((r) => r.p99),
    sent: sum('sent'),
    ok: sum('ok'),
    errors: sum('errors'),
    non2xx: sum('non2xx'),
    statuses: rounds.map((r) => r.statuses),
    errorCodes: rounds.map((r) => r.errorCodes),
  };
}

/** Waits until nothing is in transmission (bounded), returning the seconds it took. */
export async function drained(stack, timeoutMs) {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await stack.sql.query('select count(*)::int as n from transmission_queue');
    if (rows[0].n === 0) return (performance.now() - t0) / 1000;
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`${rows[0].n} documents still in transmission after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** (b) and (c): a fixed batch emitted at a rate above the target, followed until every one is final. */
async function endToEnd(stack, simulator, { quick, log }) {
  const count = quick ? 600 : 6000;
  const rate = 400;
  const startedAt = new Date();
  const cpuBefore = { ...stack.sampler.cpu(), simulator: cpuSeconds(simulator.pid) };
  const emitted = await openLoop({
    url: `${stack.api.url}/v1/emissoes`,
    apiKey: stack.product.api_key,
    bodies: bodiesOf(),
    rate,
    connections: 64,
    durationS: count / rate,
  });
  const drainSeconds = await drained(stack, 600_000);
  const cpuAfter = { ...stack.sampler.cpu(), simulator: cpuSeconds(simulator.pid) };
  // The database's clocks: documents.created_at (the emission's commit) and
  // document_protocols.created_at (the commit that stored the protocol).
  const { rows } = await stack.sql.query(
    `select d.status, count(*)::int as n,
            min(d.created_at) as first_emitted, max(p.created_at) as last_final,
            coalesce(array_agg(extract(epoch from p.created_at - d.created_at) * 1000)
                     filter (where d.status = 'autorizada'), '{}') as ms
     from documents d left join document_protocols p on p.document_id = d.id
     where d.created_at >= $1
     group by d.status`,
    [startedAt],
  );
  const statuses = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const { rows: refusals } = await stack.sql.query(
    `select rejeicao_codigo as code, count(*)::int as n from documents
     where created_at >= $1 and status = 'rejeitada' group by 1`,
    [startedAt],
  );
  const authorised = statuses.autorizada ?? 0;
  const first = Math.min(...rows.map((r) => r.first_emitted.getTime()));
  const last = Math.max(...rows.filter((r) => r.last_final).map((r) => r.last_final.getTime()));
  const seconds = (last - first) / 1000;
  const latencies = rows.flatMap((r) => r.ms.map(Number)).sort((a, b) => a - b);
  const lots = await stack.sql.query(
    `select count(*)::int as lots, coalesce(sum(cardinality(protocolos)), 0)::int as documents
     from sefaz_simulator.lote where recebido_em >= $1`,
    [startedAt],
  );
  const wall = (cpuAfter.at - cpuBefore.at) / 1000;
  const result = {
    emitted: emitted.ok,
    emissionRate: rate,
    emissionLatency: { p50: emitted.p50, p90: emitted.p90, p99: emitted.p99, max: emitted.max },
    emissionErrors: emitted.errors + emitted.non2xx,
    emissionStatuses: emitted.statuses,
    emissionErrorCodes: emitted.errorCodes,
    statuses,
    rejections: Object.fromEntries(refusals.map((r) => [r.code, r.n])),
    authorised,
    seconds,
    perSecond: authorised / seconds,
    drainSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    asyncLots: lots.rows[0].lots,
    documentsInLots: lots.rows[0].documents,
    cpuApi: (cpuAfter.api - cpuBefore.api) / wall,
    cpuPg: (cpuAfter.pg - cpuBefore.pg) / wall,
    cpuSimulator: (cpuAfter.simulator - cpuBefore.simulator) / wall,
  };
  log(
    `transmission: end to end: ${authorised}/${count} autorizada in ${seconds.toFixed(1)} s = ${result.perSecond.toFixed(0)}/s; ` +
      `emission → autorizada p50 ${result.p50.toFixed(0)} ms p99 ${result.p99.toFixed(0)} ms; ` +
      `${result.documentsInLots} NF-e in ${result.asyncLots} async lots, the rest sync; statuses ${JSON.stringify(statuses)}` +
      (result.emissionErrors
        ? `; emissions answered ${JSON.stringify(emitted.statuses)}, connection errors ${JSON.stringify(emitted.errorCodes)}`
        : ''),
  );
  return result;
}

/**
 * A stack whose API transmits to a local SEFAZ started beside it at CPU priority `nice`. With a
 * nice above 0 the local SEFAZ keeps its registry in a PostgreSQL server of its own at the same
 * priority, so that all of the stand-in authoriser's work (not only its Node process) comes after
 * the API's and its database's, as if it ran on another machine. `env`: more settings for the API.
 */
export async function withTransmittingStack({ quick, log, nice, env = {} }, body) {
  let simulator;
  // Started before the stack's own server: a second embedded server initialised while the bench
  // held connections to the first has twice seen one of them dropped.
  const ownPostgres = nice ? await startNicePostgres(log, nice) : undefined;
  try {
    await withStack(
      {
        quick,
        log,
        // Production refuses SEFAZ=simulator, so the API under test (NODE_ENV=production) talks to the
        // local SEFAZ as to any authoriser: SEFAZ=official with SEFAZ_URL and its CA.
        sidecar: async (pg) => {
          simulator = await startSimulator(
            ownPostgres?.url ?? pg.url,
            log,
            { latencyMs: SIMULATED_LATENCY_MS },
            { nice },
          );
          return {
            env: {
              SEFAZ: 'official',
              SEFAZ_URL: simulator.url,
              // The local SEFAZ serves its SVC under /svc (docs/contingency.md).
              SEFAZ_SVC_URL: `${simulator.url}/svc`,
              SEFAZ_CA_FILE: simulator.caPath,
              ...env,
            },
            stop: () => simulator.stop(),
          };
        },
      },
      // The stand-in authoriser's CPU seconds: its process, and its PostgreSQL when it has its own.
      (stack) =>
        body(
          stack,
          simulator,
          () => cpuSeconds(simulator.pid) + (ownPostgres ? postgresCpuSeconds(ownPostgres) : 0),
        ),
    );
  } finally {
    await ownPostgres?.stop();
  }
}

/** An embedded PostgreSQL whose server processes (and the backends they fork) run at `nice`. */
async function startNicePostgres(log, nice) {
  const pg = await startPostgres(log, { embedded: true });
  if (!pg.postmasterPid) throw new Error('no postmaster pid for the local SEFAZ PostgreSQL');
  for (const pid of [pg.postmasterPid, ...childrenOf(pg.postmasterPid)]) {
    try {
      setPriority(pid, nice);
    } catch (error) {
      // A child that ended meanwhile (the startup process); backends forked later inherit the nice.
      if (error.info?.code !== 'ESRCH') throw error;
    }
  }
  if (process.env.BENCH_SIMULATOR_SCHED === 'idle')
    for (const pid of [pg.postmasterPid, ...childrenOf(pg.postmasterPid)]) schedIdle(pid);
  log(`simulator: its own PostgreSQL (pid ${pg.postmasterPid}) at nice ${nice}`);
  return pg;
}

const ALL_PHASES = ['off', 'on', 'e2e'];

/**
 * BENCH_TRANSMISSION_PHASES=off,on,e2e (default): a subset for a diagnosis. A subset has nothing to
 * compare, so it is not the part's result: main.mjs keeps it apart from the recorded one.
 */
export function transmissionPhases() {
  return (process.env.BENCH_TRANSMISSION_PHASES ?? ALL_PHASES.join(',')).split(',');
}

export const isPartialTransmissionRun = () =>
  !ALL_PHASES.every((phase) => transmissionPhases().includes(phase));

export async function runTransmission({ quick, log }) {
  const phases = transmissionPhases();
  let off;
  if (phases.includes('off'))
    await withStack({ quick, log }, async (stack) => {
      off = await emissionLoad(stack, { quick, log, label: 'transmission off' });
    });
  let on;
  if (phases.includes('on'))
    await withTransmittingStack(
      { quick, log, nice: simulatorNice() },
      async (stack, _, standIn) => {
        const backlogs = {};
        on = await emissionLoad(stack, {
          quick,
          log,
          label: 'transmission on',
          standIn,
          settle: async (phase) => {
            backlogs[phase] = await drained(stack, 600_000);
            log(
              `transmission: the ${phase}'s backlog was authorised ${backlogs[phase].toFixed(1)} s after it ended`,
            );
          },
        });
        backlogs['open loop'] = await drained(stack, 600_000);
        on.backlogs = backlogs;
      },
    );
  // End to end with the local SEFAZ as an equal beside the API (the condition), on a stack
  // of its own: warmed up, then measured from an empty queue.
  let e2e;
  if (phases.includes('e2e'))
    await withTransmittingStack({ quick, log, nice: 0 }, async (stack, simulator) => {
      await createSeriesOnEveryBranch(stack, serieOf);
      await warmUp(stack, quick, bodiesOf());
      await drained(stack, 600_000);
      e2e = await endToEnd(stack, simulator, { quick, log });
    });
  if (isPartialTransmissionRun()) log(`transmission: ${JSON.stringify({ off, on, e2e })}`);
  return {
    part: 'transmission',
    quick,
    latencyMs: SIMULATED_LATENCY_MS,
    simulatorNice: simulatorNice(),
    simulatorOwnPostgres: simulatorNice() > 0,
    e2eSimulatorNice: 0,
    off,
    on,
    e2e,
  };
}
