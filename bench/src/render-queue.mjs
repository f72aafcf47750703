// The queue part in markdown: one summary row per run, then each run's windows.
import { SLOWEST_SHARE_TARGET } from './render-sustained.mjs';
import { fmtMs, fmtRate, table } from './stats.mjs';

const seconds = (ms) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : 'n/a');
const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)} %` : 'n/a');
const cores = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const loads = (r) =>
  r.loadavg?.start
    ? `${r.loadavg.start.map((x) => x.toFixed(1)).join(' ')} → ${r.loadavg.end.map((x) => x.toFixed(1)).join(' ')}`
    : 'n/a';

/** The queue statements of one window, as `kind calls× blocks ms` per kind. */
export const describeStatements = (statements) =>
  Object.entries(statements)
    .map(([kind, s]) => `${kind} ${s.calls}× ${fmtBlocks(s.blocks)} blocks ${fmtCallMs(s.ms)} ms`)
    .join(', ');
const fmtBlocks = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
const fmtCallMs = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');

/** The queue kept its pace: no window fell below #21's share of the fastest, and nothing was lost. */
export const queueKeptPace = (r) =>
  r.slowestShare >= SLOWEST_SHARE_TARGET &&
  r.emissionErrors === 0 &&
  Object.keys(r.statuses).every((s) => s === 'autorizada');

const most = (r, key) => Math.max(...r.windows.map((w) => w.queue?.[key] ?? 0));

function summary(runs) {
  return table(
    [
      'run (label · database · rate · length)',
      'machine',
      'emitted (errors)',
      'authorised /s while emitting',
      'slowest ÷ fastest 5-s window (from the 2nd)',
      'emission → autorizada, worst window p50 / p99 s',
      'POST p99 ms, whole run / worst window',
      'most in flight (oldest s)',
      'queue pages heap / indexes, most (at the end)',
      "claim probes' buffers fresh / receipts, first → last window",
      'drained after s',
      'CPU API / PostgreSQL / local SEFAZ',
      `≥ ${SLOWEST_SHARE_TARGET * 100} %, all authorised`,
      'load average start → end',
    ],
    runs.map(([key, r]) => {
      const first = r.windows[0]?.queue ?? {};
      const last = r.windows.at(-1)?.queue ?? {};
      const worstP50 = Math.max(...r.windows.map((w) => w.toAuthorisedP50).filter(Number.isFinite));
      return [
        key,
        `${r.machine?.cpuModel ?? 'n/a'}, ${r.machine?.cores ?? '?'} cores`,
        `${r.emitted.toLocaleString('en-US')} (${r.emissionErrors})`,
        fmtRate(r.authorisedPerSec),
        `${fmtRate(r.slowest)} ÷ ${fmtRate(r.fastest)} = ${pct(r.slowestShare)}`,
        `${seconds(worstP50)} / ${seconds(r.worstToAuthorisedP99)}`,
        `${fmtMs(r.postP99)} / ${fmtMs(r.worstPostP99)}`,
        `${r.maxInFlight} (${seconds(r.maxOldestMs)})`,
        `${most(r, 'pages')} / ${most(r, 'indexPages')} (${last.pages ?? 'n/a'} / ${last.indexPages ?? 'n/a'})`,
        `${first.freshBuffers} / ${first.receiptBuffers} → ${last.freshBuffers} / ${last.receiptBuffers}`,
        r.drainS.toFixed(1),
        `${cores(r.cpu?.api)} / ${cores(r.cpu?.pg)} / ${cores(r.cpu?.simulator)}`,
        queueKeptPace(r) ? 'yes' : 'no',
        loads(r),
      ];
    }),
  );
}

function windows(r) {
  const statements = r.windows.some((w) => w.queue?.statements);
  return table(
    [
      'until s',
      'emitted /s',
      'POST p50 / p99 ms',
      'authorised /s',
      'emission → autorizada p50 / p99 s',
      'in flight (oldest s)',
      'queue rows in / out',
      'updates (HOT)',
      'dead rows',
      'heap / index pages',
      'vacuums',
      'claim buffers fresh / receipts',
      'CPU API / PostgreSQL / local SEFAZ',
      'load 1 min',
      ...(statements ? ["the API's statements: calls, blocks and ms per call"] : []),
    ],
    r.windows.map((w, i) => {
      const q = w.queue ?? {};
      return [
        (i + 1) * 5,
        fmtRate(w.emitted),
        `${fmtMs(w.p50)} / ${fmtMs(w.p99)}`,
        fmtRate(w.authorised),
        `${seconds(w.toAuthorisedP50)} / ${seconds(w.toAuthorisedP99)}`,
        `${q.rows ?? 'n/a'} (${seconds(q.oldestMs)})`,
        `${q.insDelta ?? 'n/a'} / ${q.delDelta ?? 'n/a'}`,
        `${q.updDelta ?? 'n/a'} (${q.hotDelta ?? 'n/a'})`,
        q.dead ?? 'n/a',
        `${q.pages ?? 'n/a'} / ${q.indexPages ?? 'n/a'}`,
        q.vacuums ?? 'n/a',
        `${q.freshBuffers ?? 'n/a'} / ${q.receiptBuffers ?? 'n/a'}`,
        `${cores(w.cpu?.api)} / ${cores(w.cpu?.pg)} / ${cores(w.cpu?.simulator)}`,
        Number.isFinite(q.load1) ? q.load1.toFixed(1) : 'n/a',
        ...(statements ? [q.statements ? describeStatements(q.statements) : 'n/a'] : []),
      ];
    }),
  );
}

/** `doc.runs` maps a key (label · database · rate · length) to one `runQueue` result. */
export function renderQueue(doc) {
  const runs = Object.entries(doc?.runs ?? {});
  if (runs.length === 0)
    return 'Not run yet (`npx pnpm@10.34.9 bench --only queue --sustained-seconds 300`).';
  const out = [];
  out.push(
    "The transmission queue measured as the series counter is: for minutes, per 5-second window. `pnpm bench --only queue` emits 10-item NF-e over 64 keep-alive connections at a fixed rate (open loop, 200/s unless `BENCH_QUEUE_RATE` says otherwise; the length is `--sustained-seconds`), each transmitted to the local SEFAZ with 300 ms of latency, which runs beside the API at normal priority as in the end-to-end phase. Per window: emissions answered and their latency; NF-e given a protocol in the window (by the commit of the protocol) and the time from each one's emission; the queue's rows in flight and the oldest, rows queued and finished, updates (HOT among them), dead rows, heap and index pages, vacuum passes; and EXPLAIN (ANALYZE, BUFFERS) of the row selections of the two claims every worker makes (documents never sent; recibos due), as the bench writes them today: the buffers one claim's selection reads (runs before 2026-11-28 22:40 UTC had a build whose receipt claim grouped every row with a recibo; the probe is today's selection). With pg_stat_statements loaded (`BENCH_PG_FLAGS=\"-c shared_preload_libraries=pg_stat_statements\"`) each window also has the API's own queue statements as they ran: calls, blocks and ms per call. A queue that decays shows as fewer NF-e authorised per window, more in flight, longer waits and claims reading more. The first window is left out of the slowest ÷ fastest, since the pipeline fills during it. CPU over the run includes the drain after it.",
  );
  out.push('');
  out.push(summary(runs));
  out.push('');
  for (const [key, r] of runs) {
    out.push(
      `<details><summary>${key}: ${fmtRate(r.authorisedPerSec)} authorised/s, slowest window ${pct(r.slowestShare)} of the fastest; ${r.machine?.cpuModel ?? ''}; PostgreSQL ${r.machine?.postgres ?? 'n/a'}; finished ${r.finishedAt}</summary>`,
    );
    out.push('');
    out.push(windows(r));
    out.push('');
    out.push(
      `Final statuses: ${JSON.stringify(r.statuses)}; POST answers ${JSON.stringify(r.emissionStatuses)}.`,
    );
    out.push('');
    out.push('</details>');
    out.push('');
  }
  return out.join('\n');
}
