// Part 7 — the transmission queue over minutes (issues #16 and #21). #21 found a hot row that
// decayed over tens of seconds and asked for the transmission queue, which churns a row per
// attempt and per document, to be measured the same way: an open loop of 10-item emissions at a
// fixed rate for minutes, each one transmitted to the local SEFAZ (300 ms of latency, beside the
// API as an equal, as in the end-to-end phase), reported per 5-second window. A queue that decays
// shows as fewer NF-e authorised per window, a growing queue and longer waits for `autorizada`,
// and claims that read more of the table as it goes.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { warmUp } from './http.mjs';
import { openLoop } from './open-loop.mjs';
import { describeStatements } from './render-queue.mjs';
import { cpuBetween, cpuSeconds, createSeriesOnEveryBranch } from './stack.mjs';
import { percentile } from './stats.mjs';
import { WINDOW_S, logVacuums } from './sustained.mjs';
import {
  SIMULATED_LATENCY_MS,
  bodiesOf,
  drained,
  serieOf,
  withTransmittingStack,
} from './transmission.mjs';

/**
 * The emission rate. 200/s is the rate of the transmission part's open loop, below what the
 * bench machines authorise end to end (300–355/s), so a queue that keeps its speed stays short.
 */
const queueRate = () => Number(process.env.BENCH_QUEUE_RATE ?? 200);

// The queue table as PostgreSQL sees it: rows in flight and the oldest, the cumulative row
// counters, dead versions, autovacuum passes, and its heap and index size in pages.
const QUEUE_STATS = `
  select (select count(*) from transmission_queue)::int as rows,
         (select coalesce(extract(epoch from now() - min(enqueued_at)) * 1000, 0)::int
            from transmission_queue) as "oldestMs",
         t.n_tup_ins::int8 as ins, t.n_tup_upd::int8 as upd, t.n_tup_hot_upd::int8 as hot,
         t.n_tup_del::int8 as del, t.n_dead_tup::int8 as dead,
         (t.autovacuum_count + t.vacuum_count)::int8 as vacuums,
         pg_relation_size(t.relid) / current_setting('block_size')::int as pages,
         (select coalesce(sum(pg_relation_size(indexrelid)), 0)::int8 / current_setting('block_size')::int
            from pg_index where indrelid = t.relid) as "indexPages"
  from pg_stat_user_tables t where t.relname = 'transmission_queue'`;

// The row selections of the two claims every worker makes most (apps/api's transmission-queue.ts,
// without their locks): what one claim reads now, in buffers. Migration 0017 was made when this
// grew with the table's history; it should follow the rows in flight instead.
const CLAIM_PROBES = {
  fresh: `select document_id from transmission_queue
          where available_at <= now() and not sent order by available_at limit 50`,
  receipts: `select recibo from (select recibo, available_at from transmission_queue
                                where available_at <= now() and recibo is not null
                                order by available_at limit 800) due
             group by recibo order by min(available_at) limit 16`,
};

async function claimBuffers(sql, text) {
  const { rows } = await sql.query(
    `explain (analyze, buffers, costs off, timing off, summary off, format json) ${text}`,
  );
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
}

// With pg_stat_statements loaded (BENCH_PG_FLAGS="-c shared_preload_libraries=pg_stat_statements")
// the API's own statements on the queue are counted too, as they ran (their prepared plans).
const STATEMENT_KINDS = [
  ['receipts', /group by recibo/],
  ['resumed', /sent and recibo is null/],
  ['fresh', /and not sent/],
  ['settle', /delete from transmission_queue/],
];

async function hasStatements(sql) {
  try {
    await sql.query('create extension if not exists pg_stat_statements');
    await sql.query('select 1 from pg_stat_statements limit 1');
    return true;
  } catch {
    return false;
  }
}

/** Cumulative calls, buffers and execution ms per kind of queue statement. */
async function statementTotals(sql) {
  const { rows } = await sql.query(
    `select query, calls::int8 as calls, (shared_blks_hit + shared_blks_read)::int8 as blocks,
            total_exec_time as ms
     from pg_stat_statements where query like '%transmission_queue%'`,
  );
  const totals = Object.fromEntries(
    STATEMENT_KINDS.map(([k]) => [k, { calls: 0, blocks: 0, ms: 0 }]),
  );
  for (const row of rows) {
    const kind = STATEMENT_KINDS.find(([, pattern]) => pattern.test(row.query))?.[0];
    if (!kind) continue;
    totals[kind].calls += Number(row.calls);
    totals[kind].blocks += Number(row.blocks);
    totals[kind].ms += row.ms;
  }
  return totals;
}

/** Per call in the window between two totals: { calls, blocks, ms } per kind. */
function perCall(before, after) {
  return Object.fromEntries(
    Object.keys(after).map((kind) => {
      const calls = after[kind].calls - before[kind].calls;
      return [
        kind,
        {
          calls,
          blocks: calls > 0 ? (after[kind].blocks - before[kind].blocks) / calls : NaN,
          ms: calls > 0 ? (after[kind].ms - before[kind].ms) / calls : NaN,
        },
      ];
    }),
  );
}

async function queueStats(sql, statements) {
  const { rows } = await sql.query(QUEUE_STATS);
  return {
    ...rows[0],
    freshBuffers: await claimBuffers(sql, CLAIM_PROBES.fresh),
    receiptBuffers: await claimBuffers(sql, CLAIM_PROBES.receipts),
    statementTotals: statements ? await statementTotals(sql) : undefined,
  };
}

/**
 * Per window of the database's clock since `from`: NF-e given a protocol, and the time from each
 * one's emission (its commit) to the commit of its protocol. Read once at the end, so the windows
 * cost the run nothing.
 */
async function protocolsPerWindow(sql, from) {
  const { rows } = await sql.query(
    `select floor(extract(epoch from p.created_at - $1::timestamptz) / $2)::int as w,
            count(*)::int as n,
            percentile_cont(0.5) within group (order by extract(epoch from p.created_at - d.created_at))
              * 1000 as p50,
            percentile_cont(0.99) within group (order by extract(epoch from p.created_at - d.created_at))
              * 1000 as p99
     from document_protocols p join documents d on d.id = p.document_id
     where d.created_at >= $1
     group by 1 order by 1`,
    [from, WINDOW_S],
  );
  return new Map(rows.map((r) => [r.w, { n: r.n, p50: Number(r.p50), p99: Number(r.p99) }]));
}

/** Emissions answered within each window (by completion), their rate and latency percentiles. */
function answersPerWindow(answers, origin, count) {
  const windows = Array.from({ length: count }, () => []);
  let errors = 0;
  for (const [at, ms, status] of answers) {
    const w = Math.floor((at - origin) / (WINDOW_S * 1000));
    if (!String(status).startsWith('2')) errors++;
    else if (w >= 0 && w < count) windows[w].push(ms);
  }
  return {
    errors,
    windows: windows.map((latencies) => {
      const sorted = latencies.sort((a, b) => a - b);
      return {
        emitted: sorted.length / WINDOW_S,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
      };
    }),
  };
}

const delta = (a, b) => (a != null && b != null ? Number(b) - Number(a) : null);

async function measure(stack, simulator, { durationS, rate, log }) {
  const count = Math.ceil(durationS / WINDOW_S);
  const answers = [];
  const queue = [];
  const cpu = [];
  const snapshot = () => ({ ...stack.sampler.cpu(), simulator: cpuSeconds(simulator.pid) });
  const { rows } = await stack.sql.query('select clock_timestamp() as now');
  const fromDb = rows[0].now;
  const origin = performance.now();
  const statements = await hasStatements(stack.sql);
  let previous = await queueStats(stack.sql, statements);
  let cpuAt = snapshot();
  const cpuStart = cpuAt;
  const sampler = (async () => {
    for (let w = 1; w <= count; w++) {
      const wait = origin + w * WINDOW_S * 1000 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const now = await queueStats(stack.sql, statements);
      const at = snapshot();
      queue.push({
        ...now,
        insDelta: delta(previous.ins, now.ins),
        updDelta: delta(previous.upd, now.upd),
        hotDelta: delta(previous.hot, now.hot),
        delDelta: delta(previous.del, now.del),
        statements: statements ? perCall(previous.statementTotals, now.statementTotals) : undefined,
        load1: loadavg()[0],
      });
      cpu.push({
        ...cpuBetween(cpuAt, at),
        simulator: (at.simulator - cpuAt.simulator) / ((at.at - cpuAt.at) / 1000),
      });
      previous = now;
      cpuAt = at;
      const [sofar] = answersPerWindow(answers, origin, w).windows.slice(-1);
      log(
        `queue: ${String(w * WINDOW_S).padStart(3)} s: emitted ${sofar.emitted.toFixed(0)}/s p99 ${sofar.p99?.toFixed(0)} ms | ` +
          `finished +${queue.at(-1).delDelta} in flight ${now.rows} oldest ${(now.oldestMs / 1000).toFixed(1)} s | ` +
          `pages ${now.pages} idx ${now.indexPages} dead ${now.dead} vacuums ${now.vacuums} | ` +
          `claim buffers fresh ${now.freshBuffers} receipts ${now.receiptBuffers}` +
          (statements ? ` | per call ${describeStatements(queue.at(-1).statements)}` : ''),
      );
    }
  })();
  const load = await openLoop({
    url: `${stack.api.url}/v1/emissoes`,
    apiKey: stack.product.api_key,
    bodies: bodiesOf(),
    rate,
    connections: 64,
    durationS,
    answers,
  });
  await sampler;
  const drainS = await drained(stack, 600_000);
  const cpuEnd = snapshot();
  const cpuAll = {
    ...cpuBetween(cpuStart, cpuEnd),
    simulator: (cpuEnd.simulator - cpuStart.simulator) / ((cpuEnd.at - cpuStart.at) / 1000),
  };
  const protocols = await protocolsPerWindow(stack.sql, fromDb);
  const { rows: statuses } = await stack.sql.query(
    `select status, count(*)::int as n from documents where created_at >= $1 group by 1`,
    [fromDb],
  );
  const perWindow = answersPerWindow(answers, origin, count);
  const windows = perWindow.windows.map((w, i) => {
    const p = protocols.get(i);
    return {
      ...w,
      authorised: (p?.n ?? 0) / WINDOW_S,
      toAuthorisedP50: p?.p50 ?? NaN,
      toAuthorisedP99: p?.p99 ?? NaN,
      queue: queue[i],
      cpu: cpu[i],
    };
  });
  return summarise({ windows, load, drainS, protocols, count, durationS, rate, statuses, cpuAll });
}

/**
 * The run's figures: the first window is left out of the authorised rates, since the pipeline
 * fills during it (an NF-e emitted then is authorised one or two seconds later).
 */
function summarise({ windows, load, drainS, protocols, count, durationS, rate, statuses, cpuAll }) {
  const steady = windows.slice(1).map((w) => w.authorised);
  const fastest = Math.max(...steady);
  const slowest = Math.min(...steady);
  const during = windows.reduce((n, w) => n + w.authorised * WINDOW_S, 0);
  const after = [...protocols].filter(([w]) => w >= count).reduce((n, [, p]) => n + p.n, 0);
  const finite = (values) => values.filter(Number.isFinite);
  return {
    durationS,
    rate,
    latencyMs: SIMULATED_LATENCY_MS,
    emitted: load.ok,
    emissionErrors: load.errors + load.non2xx,
    emissionStatuses: load.statuses,
    postP50: load.p50,
    postP99: load.p99,
    worstPostP99: Math.max(...finite(windows.map((w) => w.p99))),
    authorisedPerSec: during / durationS,
    authorisedAfterLoad: after,
    fastest,
    slowest,
    slowestShare: fastest > 0 ? slowest / fastest : NaN,
    worstToAuthorisedP99: Math.max(...finite(windows.map((w) => w.toAuthorisedP99))),
    maxInFlight: Math.max(...windows.map((w) => w.queue?.rows ?? 0)),
    maxOldestMs: Math.max(...windows.map((w) => w.queue?.oldestMs ?? 0)),
    drainS,
    statuses: Object.fromEntries(statuses.map((r) => [r.status, r.n])),
    cpu: cpuAll,
    windows,
  };
}

/**
 * A stack transmitting to a local SEFAZ at normal priority, warmed up as the end-to-end phase is
 * (every series and certificate, planner statistics, an empty queue), then the measured load.
 */
export async function runQueue({ quick, log, seconds }) {
  const durationS = seconds ?? (quick ? 30 : 90);
  const rate = queueRate();
  let result;
  let database;
  await withTransmittingStack({ quick, log, nice: 0 }, async (stack, simulator) => {
    database = stack.pg.embedded ? 'embedded' : 'DATABASE_URL';
    await createSeriesOnEveryBranch(stack, serieOf);
    await warmUp(stack, quick, bodiesOf());
    await drained(stack, 600_000);
    result = await measure(stack, simulator, { durationS, rate, log });
    await logVacuums(stack.sql, log);
  });
  log(
    `queue: ${result.emitted} emitted at ${rate}/s over ${durationS} s; authorised ${result.authorisedPerSec.toFixed(0)}/s, ` +
      `slowest window ${result.slowest.toFixed(0)}/s = ${(result.slowestShare * 100).toFixed(0)} % of fastest ${result.fastest.toFixed(0)}/s; ` +
      `emission → autorizada worst window p99 ${(result.worstToAuthorisedP99 / 1000).toFixed(1)} s; ` +
      `POST worst window p99 ${result.worstPostP99.toFixed(0)} ms; at most ${result.maxInFlight} in flight; ` +
      `drained ${result.drainS.toFixed(1)} s after; statuses ${JSON.stringify(result.statuses)}`,
  );
  return { part: 'queue', quick, database, ...result };
}

/** Where a run is kept in bench/results/queue.json. */
export const queueKey = (r) => `${r.label} · ${r.database} · ${r.rate}/s · ${r.durationS} s`;
