// The transmission part in markdown: on vs off for POST /v1/emissoes, and end to end through the
// local SEFAZ. Also the rows it adds to the targets table.
import { fmtMs, fmtRate, table } from './stats.mjs';

/** Issue #16: transmission may slow POST /v1/emissoes by at most 20 %; ≥ 300 NF-e/s end to end. */
const MAX_SLOWDOWN = 0.2;
const E2E_TARGET_PER_SEC = 300;
const ratio = (a, b) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : 'n/a');
const cores = (v) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
/** Every round's p99 beside the median, e.g. " (14.1, 16.0, 21.3)". */
const roundsOf = (open) =>
  open.roundsP99?.length > 1 ? ` (${open.roundsP99.map((v) => fmtMs(v)).join(', ')})` : '';

/**
 * Where the cores went at the fixed rate: the API, its PostgreSQL, the local SEFAZ with its own
 * PostgreSQL (none with transmission off), and the whole machine busy (steal: what the hypervisor
 * took).
 */
function openLoopCpuRow(off, on) {
  const of = (open) =>
    [open.cpuApi, open.cpuPg, open.cpuStandIn, open.cpuMachine]
      .map((v) => (v === undefined ? '—' : cores(v)))
      .join(' / ') + (open.cpuSteal >= 0.01 ? `, steal ${cores(open.cpuSteal)}` : '');
  return [
    `CPU at ${on.rate}/s: API / PostgreSQL / local SEFAZ / machine busy (cores)`,
    of(off),
    of(on),
    '',
  ];
}

export function renderTransmission(r) {
  if (!r) return '_not measured yet: run `pnpm bench --only transmission`_';
  if (r.failed) return `_failed: ${r.failed}_`;
  const { off, on, e2e } = r;
  if (!off || !on || !e2e) return '_some phases only (BENCH_TRANSMISSION_PHASES, a diagnosis)_';
  const load = table(
    ['load (32 series, 10 items)', 'transmission off', 'transmission on', 'on ÷ off'],
    [
      [
        'closed loop, 64 connections: answered/s',
        fmtRate(off.closed.okPerSec),
        fmtRate(on.closed.okPerSec),
        ratio(on.closed.okPerSec, off.closed.okPerSec),
      ],
      [
        'closed loop, 64 connections: p99 ms',
        String(off.closed.p99),
        String(on.closed.p99),
        ratio(on.closed.p99, off.closed.p99),
      ],
      [
        `open loop at ${on.open.rate}/s: p50 ms`,
        fmtMs(off.open.p50),
        fmtMs(on.open.p50),
        ratio(on.open.p50, off.open.p50),
      ],
      [
        `open loop at ${on.open.rate}/s: p99 ms${on.open.roundsP99 ? ` (median of ${on.open.roundsP99.length} rounds)` : ''}`,
        fmtMs(off.open.p99) + roundsOf(off.open),
        fmtMs(on.open.p99) + roundsOf(on.open),
        ratio(on.open.p99, off.open.p99),
      ],
      [
        'errors / non-2xx',
        String(off.closed.errors + off.closed.non2xx + off.open.errors + off.open.non2xx),
        String(on.closed.errors + on.closed.non2xx + on.open.errors + on.open.non2xx),
        '',
      ],
      [
        'CPU API / PostgreSQL (cores, closed loop)',
        `${cores(off.closed.cpuApi)} / ${cores(off.closed.cpuPg)}`,
        `${cores(on.closed.cpuApi)} / ${cores(on.closed.cpuPg)}`,
        '',
      ],
      // Runs before 2026-11-29 did not record the open loop's machine and stand-in figures.
      ...(Number.isFinite(on.open.cpuMachine) ? [openLoopCpuRow(off.open, on.open)] : []),
    ],
  );
  const flow = table(
    [
      'NF-e emitted (open loop)',
      'autorizada',
      'authorised/s end to end',
      'emission → autorizada p50',
      'p99',
      'max',
      'async lots (NF-e in them)',
      'CPU API / PostgreSQL / simulator (cores)',
    ],
    [
      [
        `${e2e.emitted} at ${e2e.emissionRate}/s`,
        String(e2e.authorised),
        fmtRate(e2e.perSecond),
        `${fmtMs(e2e.p50)} ms`,
        `${fmtMs(e2e.p99)} ms`,
        `${fmtMs(e2e.max)} ms`,
        `${e2e.asyncLots} (${e2e.documentsInLots})`,
        `${cores(e2e.cpuApi)} / ${cores(e2e.cpuPg)} / ${cores(e2e.cpuSimulator)}`,
      ],
    ],
  );
  return [
    `The API (NODE_ENV=production, SEFAZ=official with SEFAZ_URL) transmits to the local SEFAZ running as its own process${r.simulatorOwnPostgres ? '' : ' on the same PostgreSQL server'}, ${r.latencyMs} ms of simulated latency on every answer (knob latencyMs), mutual TLS with the branches' certificate. Transmission off is the same stack with SEFAZ=off.${on.backlogs ? ` With transmission on, each phase starts with nothing in transmission (the warm-up's backlog was authorised ${on.backlogs['warm-up'].toFixed(1)} s after it ended, the closed loop's ${on.backlogs['closed loop'].toFixed(1)} s after, the open loop's ${on.backlogs['open loop'].toFixed(1)} s after), and the API yields to queueing requests (SEFAZ_YIELD_ABOVE_MS, docs/transmission.md).` : ''}${r.simulatorNice ? ` The local SEFAZ ran at nice ${r.simulatorNice} (BENCH_SIMULATOR_NICE): it stands in for authorisers on other machines, so the API and PostgreSQL were served first.${r.simulatorOwnPostgres ? ' Its registry was in an embedded PostgreSQL server of its own at the same priority.' : " Its PostgreSQL work ran at normal priority on the API's server."}` : ''}${r.e2eSimulatorNice === 0 ? ' The end-to-end phase ran on a stack of its own with the local SEFAZ at normal priority.' : ''}`,
    '',
    load,
    '',
    `End to end: ${e2e.emitted} emissions at ${e2e.emissionRate}/s on 32 series, then followed until none is in transmission. Authorised per second is the autorizada count over the time from the first emission's commit to the last protocol's commit; the latency is each NF-e's document_protocols.created_at − documents.created_at (both PostgreSQL's clock). Statuses: ${JSON.stringify(e2e.statuses)}${e2e.rejections && Object.keys(e2e.rejections).length ? `, rejections by cStat ${JSON.stringify(e2e.rejections)}` : ''}.`,
    '',
    flow,
  ].join('\n');
}

/** Rows for the targets table: [target, met?, measured, what bounds it]. */
export function transmissionTargets(r) {
  const ok = r && !r.failed;
  const rows = [];
  if (!ok) {
    rows.push(['Transmission slows POST /v1/emissoes by ≤ 20 %', null, r?.failed ?? 'not run', '']);
    rows.push([
      `≥ ${E2E_TARGET_PER_SEC} NF-e authorised/s end to end (300 ms SEFAZ latency)`,
      null,
      r?.failed ?? 'not run',
      '',
    ]);
    return rows;
  }
  const { off, on, e2e } = r;
  const throughput = on.closed.okPerSec / off.closed.okPerSec;
  const p99 = on.open.p99 / off.open.p99;
  rows.push([
    'Transmission slows POST /v1/emissoes by ≤ 20 %',
    throughput >= 1 - MAX_SLOWDOWN && p99 <= 1 + MAX_SLOWDOWN,
    `answered/s on ÷ off ${throughput.toFixed(2)} (${fmtRate(on.closed.okPerSec)} vs ${fmtRate(off.closed.okPerSec)}); p99 at ${on.open.rate}/s on ÷ off ${p99.toFixed(2)} (${fmtMs(on.open.p99)} vs ${fmtMs(off.open.p99)} ms)`,
    `with transmission on the same two cores also build lots, parse answers and store protocols; API ${cores(on.closed.cpuApi)} cores vs ${cores(off.closed.cpuApi)}` +
      (Number.isFinite(on.open.cpuStandIn)
        ? `; at ${on.open.rate}/s the local SEFAZ beside them took ${cores(on.open.cpuStandIn)} cores, the machine ${cores(on.open.cpuMachine)} busy vs ${cores(off.open.cpuMachine)}`
        : ''),
  ]);
  rows.push([
    `≥ ${E2E_TARGET_PER_SEC} NF-e authorised/s end to end (${r.latencyMs} ms SEFAZ latency)`,
    e2e.perSecond >= E2E_TARGET_PER_SEC,
    `${fmtRate(e2e.perSecond)}/s (${e2e.authorised} NF-e); emission → autorizada p50 ${fmtMs(e2e.p50)} ms, p99 ${fmtMs(e2e.p99)} ms`,
    `API, PostgreSQL and the simulator share the machine: ${cores(e2e.cpuApi)} + ${cores(e2e.cpuPg)} + ${cores(e2e.cpuSimulator)} cores`,
  ]);
  return rows;
}
