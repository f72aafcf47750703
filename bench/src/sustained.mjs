// Part 4 — sustained load: 64 keep-alive clients in a closed loop post 10-item emissions for
// minutes, first to one series, then spread over 32, each on a fresh stack. Throughput and p99 are
// reported per 5-second window, because a decay that builds over tens of seconds (dead row versions
// of a hot counter row, issue #21) is invisible in a 10-second row. Each window also records what
// PostgreSQL says about the `series` table, the evidence for or against such a decay.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

import { emissionRequest } from '@emissor/test-support';

import { hostIo, hostIoBetween } from './host-io.mjs';
import { BRANCHES, branchRefs, cpuBetween, createSeriesOnEveryBranch } from './stack.mjs';
import { percentile } from './stats.mjs';

export const WINDOW_S = 5;
const CLIENTS = 64;

// Cumulative counters of the series table (and its heap size, which grows when updates stop being
// HOT because the page is full of versions pruning may not remove yet), plus the oldest open
// transaction among other backends: a snapshot held open keeps every newer version alive.
const TABLE_STATS = `
  select n_tup_upd::int8 as upd, n_tup_hot_upd::int8 as hot, n_live_tup::int8 as live,
         n_dead_tup::int8 as dead, autovacuum_count::int8 as autovacuums, vacuum_count::int8 as vacuums,
         last_autovacuum as "lastAutovacuum",
         pg_relation_size(relid) / current_setting('block_size')::int as pages,
         (select coalesce(sum(pg_relation_size(indexrelid)), 0)::int8 / current_setting('block_size')::int
            from pg_index where indrelid = relid) as "indexPages",
         (select coalesce(max(extract(epoch from clock_timestamp() - xact_start)) * 1000, 0)::int
            from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
              and xact_start is not null) as "oldestXactMs"
  from pg_stat_user_tables where relname = $1`;

// Line pointers on the table's pages (pageinspect, when the bench may create it): row versions
// pruning has not removed yet are `normal` beyond the live rows; `redirect` roots of HOT chains.
const LINE_POINTERS = `
  select count(*) filter (where lp_flags = 1)::int as normal,
         count(*) filter (where lp_flags = 2)::int as redirect,
         count(*) filter (where lp_flags = 3)::int as "deadPointers",
         count(*) filter (where lp_flags = 0)::int as unused
  from generate_series(0, pg_relation_size($1::text::regclass) / current_setting('block_size')::int - 1) as p,
       heap_page_items(get_raw_page($1::text, p::int))`;

// The server's write-ahead log and checkpoints, cumulative: full-page images follow every
// checkpoint (the first change of each page after it logs the whole page), so a table whose
// inserts touch random index pages pays a burst of them per checkpoint. And which relations
// autovacuum is working on at the window's end.
const SERVER_STATS = `
  select w.wal_bytes::int8 as "walBytes", w.wal_fpi::int8 as "walFpi",
         (select string_agg(p.relid::regclass::text, ' ') from pg_stat_progress_vacuum p
           where p.datname = current_database()) as vacuuming
  from pg_stat_wal w`;
const CHECKPOINTS = {
  checkpointer: 'select (num_timed + num_requested)::int8 as checkpoints from pg_stat_checkpointer',
  bgwriter:
    'select (checkpoints_timed + checkpoints_req)::int8 as checkpoints from pg_stat_bgwriter',
};

async function serverStats(sql) {
  try {
    const { rows } = await sql.query(SERVER_STATS);
    const { rows: has } = await sql.query(
      `select to_regclass('pg_catalog.pg_stat_checkpointer') is not null as yes`,
    );
    const { rows: cp } = await sql.query(
      has[0].yes ? CHECKPOINTS.checkpointer : CHECKPOINTS.bgwriter,
    );
    return { ...rows[0], checkpoints: cp[0].checkpoints };
  } catch {
    return {}; // before PostgreSQL 14 (no pg_stat_wal): the windows go without these columns
  }
}

async function tableStats(sql, table, pageinspect, busy) {
  const { rows } = await sql.query(TABLE_STATS, [table]);
  const stats = rows[0] ? { ...rows[0], ...(await serverStats(sql)) } : null;
  if (stats && busy) {
    stats.lookupBuffers = await probeBuffers(sql, PROBES.lookup, [
      busy.productId,
      busy.tenantRef,
      busy.branchRef,
    ]);
    stats.storeBuffers = await probeBuffers(sql, PROBES.store, [[busy.seriesId]]);
  }
  if (stats && pageinspect) Object.assign(stats, (await sql.query(LINE_POINTERS, [table])).rows[0]);
  return stats;
}

// What the two statements that find the busy series row cost now, in buffers: the lookup every
// emission makes (by slot) and the store's (by id). A chain of versions or index entries pruning
// has not removed shows here as more buffers per execution.
const PROBES = {
  lookup: `select s.id, s.next_number from series s
           where s.product_id = $1 and s.tenant_ref = $2 and s.branch_ref = $3
             and s.document_model = '55' and s.serie = 1 and s.deleted_at is null`,
  store: `select s.id, s.next_number from series s where s.id = any($1::uuid[]) and s.deleted_at is null`,
};

async function probeBuffers(sql, text, values) {
  const { rows } = await sql.query(
    `explain (analyze, buffers, costs off, timing off, summary off, format json) ${text}`,
    values,
  );
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  return `${plan['Shared Hit Blocks'] + plan['Shared Read Blocks']} (${plan['Node Type'].toLowerCase()})`;
}

/** pageinspect needs a superuser; without it the windows go without line pointer counts. */
async function tryPageinspect(sql) {
  try {
    await sql.query('create extension if not exists pageinspect');
    return true;
  } catch {
    return false;
  }
}

/** One closed-loop client per connection; every answer is recorded with its completion time. */
async function closedLoop({ url, apiKey, bodies, clients, durationS, onWindow }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL(url);
  const start = performance.now();
  const end = start + durationS * 1000;
  const answers = []; // [completedAtMs, latencyMs, status]
  let errors = 0;
  let next = 0;

  const post = (body) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-api-key': apiKey,
            'idempotency-key': randomUUID(),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const t1 = performance.now();
            answers.push([t1 - start, t1 - t0, res.statusCode]);
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const client = async () => {
    while (performance.now() < end) await post(bodies[next++ % bodies.length]);
  };
  // The per-window sampler runs beside the clients, at each window's end.
  const windows = Math.ceil(durationS / WINDOW_S);
  const sampler = (async () => {
    for (let w = 1; w <= windows; w++) {
      const due = start + w * WINDOW_S * 1000;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await onWindow(w - 1, answers);
    }
  })();
  await Promise.all(Array.from({ length: clients }, client));
  await sampler;
  agent.destroy();
  return { answers, errors };
}

/** Answers completed within each window: throughput and latency percentiles. */
function perWindow(answers, durationS) {
  const windows = Array.from({ length: Math.ceil(durationS / WINDOW_S) }, () => []);
  const statuses = {};
  for (const [at, ms, status] of answers) {
    statuses[status] = (statuses[status] ?? 0) + 1;
    const w = Math.floor(at / (WINDOW_S * 1000));
    // Answers to requests sent before the end but completed after it are not counted.
    if (w < windows.length && String(status).startsWith('2')) windows[w].push(ms);
  }
  return {
    statuses,
    windows: windows.map((latencies) => {
      const sorted = latencies.sort((a, b) => a - b);
      return {
        ok: sorted.length,
        perSec: sorted.length / WINDOW_S,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
      };
    }),
  };
}

async function scenario(stack, { label, bodies, durationS, log }) {
  const series = [];
  const loads = [];
  const delta = (a, b) => (a != null && b != null ? b - a : null);
  const pageinspect = await tryPageinspect(stack.sql);
  const refs = branchRefs(0);
  const busy = {
    productId: stack.product.id,
    tenantRef: refs.tenant_ref,
    branchRef: refs.branch_ref,
    seriesId: stack.seriesIds[0],
  };
  let previous = await tableStats(stack.sql, 'series', pageinspect, busy);
  let ioAt = hostIo();
  const cpuStart = stack.sampler.cpu();
  let cpuAt = cpuStart;
  const { answers, errors } = await closedLoop({
    url: `${stack.api.url}/v1/emissoes`,
    apiKey: stack.product.api_key,
    bodies,
    clients: CLIENTS,
    durationS,
    onWindow: async (w, answers) => {
      const now = await tableStats(stack.sql, 'series', pageinspect, busy);
      const cpu = stack.sampler.cpu();
      const io = hostIo();
      series.push({
        ...now,
        updDelta: delta(previous?.upd, now?.upd),
        hotDelta: delta(previous?.hot, now?.hot),
        walMbDelta: now?.walBytes ? delta(previous?.walBytes, now.walBytes) / 1e6 : null,
        walFpiDelta: delta(previous?.walFpi, now?.walFpi),
        checkpointsDelta: delta(previous?.checkpoints, now?.checkpoints),
        cpu: cpuBetween(cpuAt, cpu),
        ...hostIoBetween(ioAt, io),
      });
      ioAt = io;
      loads.push(loadavg()[0]);
      previous = now;
      cpuAt = cpu;
      const [sofar] = perWindow(answers, (w + 1) * WINDOW_S).windows.slice(-1);
      logWindow(log, label, w, { ...sofar, series: series[w] });
    },
  });
  const { windows, statuses } = perWindow(answers, durationS);
  windows.forEach((w, i) => Object.assign(w, { series: series[i], load1: loads[i] }));
  const rates = windows.map((w) => w.perSec);
  const fastest = Math.max(...rates);
  const slowest = Math.min(...rates);
  const total = windows.reduce((n, w) => n + w.ok, 0);
  const result = {
    label,
    durationS,
    clients: CLIENTS,
    ok: total,
    perSec: total / durationS,
    errors,
    statuses,
    fastest,
    slowest,
    slowestShare: fastest > 0 ? slowest / fastest : NaN,
    worstP99: Math.max(...windows.map((w) => w.p99).filter(Number.isFinite)),
    cpu: cpuBetween(cpuStart, stack.sampler.cpu()),
    windows,
  };
  log(
    `sustained: ${label}: ${result.perSec.toFixed(0)}/s over ${durationS} s, slowest window ${slowest.toFixed(0)}/s = ` +
      `${(result.slowestShare * 100).toFixed(0)} % of fastest ${fastest.toFixed(0)}/s, worst p99 ${result.worstP99.toFixed(0)} ms, ` +
      `errors ${errors}, statuses ${JSON.stringify(statuses)}`,
  );
  await logRelationWrites(stack.sql, log);
  await logVacuums(stack.sql, log);
  return result;
}

/**
 * Which server processes wrote relation pages, and how many of those writes they asked the kernel
 * to write back early, over the server's life (pg_stat_io, PostgreSQL 16+). `extends` are pages a
 * process added to a table by writing zeros, which no flush_after setting covers: the page cache's
 * write-back bursts of bench/results/series-counter.md come from them.
 */
async function logRelationWrites(sql, log) {
  const { rows: has } = await sql.query(
    `select to_regclass('pg_catalog.pg_stat_io') is not null as yes`,
  );
  if (!has[0].yes) return;
  const { rows } = await sql.query(
    `select backend_type, context, writes, writebacks, extends from pg_stat_io
     where object = 'relation' and coalesce(writes, 0) + coalesce(extends, 0) > 0
     order by backend_type, context`,
  );
  for (const r of rows)
    log(
      `sustained: pg_stat_io ${r.backend_type} (${r.context}): ${r.writes ?? 0} pages written, ` +
        `${r.writebacks ?? 0} write-back requests, ${r.extends ?? 0} pages extended`,
    );
}

/**
 * When autovacuum and autoanalyze last passed each table of the run (a TOAST table under its
 * owner's name), to line the windows up with them.
 */
export async function logVacuums(sql, log) {
  const { rows: vacuums } = await sql.query(
    `select coalesce((select 'toast of ' || c.relname from pg_class c where c.reltoastrelid = t.relid),
                     t.relname) as name,
            t.autovacuum_count, round(extract(epoch from now() - t.last_autovacuum)) as ago_s,
            t.autoanalyze_count, round(extract(epoch from now() - t.last_autoanalyze)) as analyze_ago_s
     from pg_stat_all_tables t
     where t.schemaname in ('public', 'pg_toast') and t.autovacuum_count + t.autoanalyze_count > 0`,
  );
  for (const v of vacuums)
    log(
      `sustained: ${v.name}: ${v.autovacuum_count} autovacuums (last ${v.ago_s ?? '-'} s before the end), ` +
        `${v.autoanalyze_count} autoanalyzes (last ${v.analyze_ago_s ?? '-'} s before)`,
    );
}

/** Per window as the run goes: so a long run shows its shape before it ends. */
function logWindow(log, label, i, w) {
  const s = w.series;
  log(
    `sustained: ${label} ${String((i + 1) * WINDOW_S).padStart(3)} s: ${w.perSec.toFixed(0)}/s p99 ${Number.isFinite(w.p99) ? w.p99.toFixed(0) : 'n/a'} ms` +
      (s
        ? ` | series upd +${s.updDelta} hot +${s.hotDelta} dead ${s.dead} pages ${s.pages} idx ${s.indexPages} autovac ${s.autovacuums} oldest xact ${s.oldestXactMs} ms buffers lookup ${s.lookupBuffers} store ${s.storeBuffers}` +
          (s.walMbDelta != null
            ? ` | WAL ${s.walMbDelta.toFixed(0)} MB fpi +${s.walFpiDelta} checkpoints +${s.checkpointsDelta} vacuuming ${s.vacuuming ?? '-'}`
            : '') +
          (s.diskMb != null
            ? ` | disk ${s.diskMb.toFixed(0)} MB written in ${s.diskWriteMs} ms, dirty ${s.dirtyMb.toFixed(0)} MB`
            : '') +
          (s.normal !== undefined
            ? ` lp normal ${s.normal} redirect ${s.redirect} dead ${s.deadPointers} unused ${s.unused}`
            : '')
        : ''),
  );
}

/**
 * Runs both scenarios, each on its own fresh stack (so the one-series run's leftovers cannot slow
 * the 32-series run). `withStack` is stack.mjs's.
 */
export async function runSustained(withStack, { quick, log, seconds }) {
  const durationS = seconds ?? (quick ? 30 : 90);
  const scenarios = [
    ['one series', [JSON.stringify(emissionRequest(branchRefs(0), { items: 10 }))]],
    [
      '32 series',
      Array.from({ length: BRANCHES }, (_, i) =>
        JSON.stringify(emissionRequest(branchRefs(i), { items: 10 })),
      ),
    ],
  ];
  const runs = [];
  let database = null;
  for (const [label, bodies] of scenarios) {
    await withStack({ quick, log }, async (stack) => {
      database = stack.pg.embedded ? 'embedded' : 'DATABASE_URL';
      await warmUp(stack, { quick, log });
      // Statistics for the planner, as the http part gathers them after its warm-up.
      await stack.sql.query('analyze documents, document_xml, series, certificates');
      const { rows } = await stack.sql.query(
        `select name, setting from pg_settings where name in
           ('autovacuum', 'autovacuum_naptime', 'autovacuum_vacuum_scale_factor',
            'autovacuum_vacuum_threshold', 'shared_buffers', 'synchronous_commit')`,
      );
      const settings = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
      const { rows: options } = await stack.sql.query(
        `select coalesce(array_to_string(reloptions, ', '), '') as o from pg_class where relname = 'series'`,
      );
      const r = await scenario(stack, { label, bodies, durationS, log });
      r.settings = settings;
      r.seriesReloptions = options[0]?.o ?? '';
      runs.push(r);
    });
  }
  return { part: 'sustained', quick, durationS, windowS: WINDOW_S, database, runs };
}

/** Series 2 of every branch: the warm-up's, never measured. */
const WARM_UP_SERIE = 2;

/**
 * Brings a fresh stack to the state a running service is in before anything is measured: the
 * measured load (64 clients, 10-item emissions, all 32 branches, so every certificate is decrypted
 * and cached and every code path compiled), for 15 s, on series 2 of each branch. The measured
 * series (1) stay as fresh as the stack: a decay of their rows (#21) starts with the measurement.
 * With the 5-s, 16-client warm-up on one branch that came before, the first 10–25 s of a run were
 * still warming up (on a slower CPU, 685 → 1,000/s over the first 25 s), which the slowest window
 * then measured instead of any decay. Each warm-up window's rate is logged. Until 2026-11-28 the
 * warm-up also ran without planner statistics (the API now gathers them at 1,000 documents), so
 * its lookups read every document of the product and it ran at 270–560/s.
 */
async function warmUp(stack, { quick, log }) {
  await createSeriesOnEveryBranch(stack, () => WARM_UP_SERIE);
  const durationS = quick ? 5 : 15;
  const rates = [];
  await closedLoop({
    url: `${stack.api.url}/v1/emissoes`,
    apiKey: stack.product.api_key,
    bodies: Array.from({ length: BRANCHES }, (_, i) =>
      JSON.stringify(emissionRequest(branchRefs(i), { items: 10, serie: WARM_UP_SERIE })),
    ),
    clients: CLIENTS,
    durationS,
    onWindow: async (w, answers) => {
      const from = w * WINDOW_S * 1000;
      const done = answers.filter(([at]) => at >= from && at < from + WINDOW_S * 1000).length;
      rates.push(Math.round(done / WINDOW_S));
    },
  });
  log(`sustained: warm-up, ${durationS} s on series ${WARM_UP_SERIE}: ${rates.join(', ')} /s`);
}

/** Where a run is kept in bench/results/sustained.json. */
export const sustainedKey = (r) => `${r.label} · ${r.database} · ${r.durationS} s`;
