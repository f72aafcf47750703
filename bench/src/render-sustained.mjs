// The sustained part in markdown: one summary row per run and scenario, then each run's windows.
import { fmtMs, fmtRate, table } from './stats.mjs';

// Issue #21's targets for every sustained row.
export const SLOWEST_SHARE_TARGET = 0.8;
export const P99_TARGET_MS = 150;

export const sustainedMet = (s) =>
  s.slowestShare >= SLOWEST_SHARE_TARGET && s.worstP99 <= P99_TARGET_MS && s.errors === 0;

const loads = (r) =>
  r.loadavg?.start
    ? `${r.loadavg.start.map((x) => x.toFixed(1)).join(' ')} → ${r.loadavg.end.map((x) => x.toFixed(1)).join(' ')}`
    : 'n/a';

const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)} %` : 'n/a');

function summary(runs) {
  const rows = [];
  for (const [key, r] of runs)
    for (const s of r.runs)
      rows.push([
        key,
        s.label,
        fmtRate(s.perSec),
        fmtRate(s.fastest),
        fmtRate(s.slowest),
        pct(s.slowestShare),
        fmtMs(s.worstP99),
        `${s.errors}${Object.keys(s.statuses).some((c) => !c.startsWith('2')) ? ` (${JSON.stringify(s.statuses)})` : ''}`,
        sustainedMet(s) ? 'met' : 'not met',
        loads(r),
      ]);
  return table(
    [
      'run (label · database · length)',
      'scenario',
      'mean /s',
      'fastest 5 s /s',
      'slowest 5 s /s',
      'slowest ÷ fastest',
      'worst window p99 ms',
      'errors',
      `≥ ${SLOWEST_SHARE_TARGET * 100} % and p99 ≤ ${P99_TARGET_MS} ms`,
      'load average (1 5 15 min) start → end',
    ],
    rows,
  );
}

function windows(s) {
  return table(
    [
      'until s',
      '/s',
      'p50 ms',
      'p99 ms',
      'load 1 min',
      'series updates',
      'of them HOT',
      'dead rows',
      'heap pages',
      'index pages',
      'autovacuums',
      'oldest other xact ms',
      'line pointers normal / redirect / dead',
      'buffers lookup / store',
      'WAL MB',
      'full-page images',
      'checkpoints',
      'autovacuum working on',
      'disk MB written (ms writing)',
      'dirty page cache MB',
    ],
    s.windows.map((w, i) => {
      const t = w.series ?? {};
      return [
        (i + 1) * 5,
        fmtRate(w.perSec),
        fmtMs(w.p50),
        fmtMs(w.p99),
        Number.isFinite(w.load1) ? w.load1.toFixed(1) : 'n/a',
        t.updDelta ?? 'n/a',
        t.updDelta ? `${t.hotDelta} (${pct(t.hotDelta / t.updDelta)})` : (t.hotDelta ?? 'n/a'),
        t.dead ?? 'n/a',
        t.pages ?? 'n/a',
        t.indexPages ?? 'n/a',
        t.autovacuums ?? 'n/a',
        t.oldestXactMs ?? 'n/a',
        t.normal !== undefined ? `${t.normal} / ${t.redirect} / ${t.deadPointers}` : 'n/a',
        t.lookupBuffers !== undefined ? `${t.lookupBuffers} / ${t.storeBuffers}` : 'n/a',
        t.walMbDelta != null ? t.walMbDelta.toFixed(0) : 'n/a',
        t.walFpiDelta ?? 'n/a',
        t.checkpointsDelta ?? 'n/a',
        t.walMbDelta != null ? (t.vacuuming ?? '–') : 'n/a',
        t.diskMb != null ? `${t.diskMb.toFixed(0)} (${t.diskWriteMs})` : 'n/a',
        t.dirtyMb != null ? t.dirtyMb.toFixed(0) : 'n/a',
      ];
    }),
  );
}

/** `doc.runs` maps a key (label · database · length) to one `runSustained` result. */
export function renderSustained(doc) {
  const runs = Object.entries(doc?.runs ?? {});
  if (runs.length === 0) return 'Not run yet.';
  const out = [];
  out.push(
    '64 keep-alive clients in a closed loop (each sends its next request when the last is answered) post 10-item emissions ' +
      '(SEFAZ off) to one series, then, on a fresh stack, spread over 32 series. ' +
      'Before each, the same load warms the stack for 15 s on series 2 of all 32 branches (every certificate cached, every path compiled), so the measured series start fresh on a warm stack; ' +
      'runs before 2026-11-27 14:00 UTC had a 5-s warm-up of 16 clients on one branch, and their first windows could still be warming up. ' +
      'Throughput and latency are counted per 5-second window by completion time; ' +
      `the target is that the slowest window keeps ≥ ${SLOWEST_SHARE_TARGET * 100} % of the fastest one's throughput and every window's p99 stays ≤ ${P99_TARGET_MS} ms. ` +
      "Each window also shows PostgreSQL's figures for the `series` table (pg_stat_user_tables: updates and HOT updates in the window, dead rows; heap and index size in pages; autovacuum passes) " +
      'and the age of the oldest open transaction of any other backend, which bounds what page pruning may remove; ' +
      'with pageinspect (a superuser connection), the line pointers on all its pages: `normal` beyond the live rows are row versions pruning has not removed yet, `dead` are left by updates that were not HOT until vacuum frees them; ' +
      'and EXPLAIN (ANALYZE, BUFFERS) of the busy series row as every emission looks it up (by slot) and as the store statement locks it (by id): buffers per execution. ' +
      "Server-wide, per window: the WAL written, its full-page images (the first change of each page after a checkpoint logs the whole page, so they come in bursts after each checkpoint), checkpoints begun, and the relations autovacuum was working on at the window's end (PostgreSQL 14+; n/a in runs made before these columns existed). " +
      "The machine's disks, per window (Linux): megabytes written and milliseconds spent writing, and the page cache still waiting to be written at the window's end. The kernel writes a file's dirty pages back together once the oldest is 30 s old; a window with a burst of several hundred MB is a window of slow commits (n/a in runs before 2026-11-27). " +
      'Runs are kept in bench/results/sustained.json under their label (the git commit unless `--sustained-label` names it), database and length; this page shows the newest of each database. ' +
      'Why the series table is watched, and what its storage settings are: [numbering](numbering.md#under-sustained-load).',
  );
  out.push('');
  out.push(summary(runs));
  out.push('');
  for (const [key, r] of runs) {
    const settings = r.runs[0]?.settings ?? {};
    out.push(`### ${key}`);
    out.push('');
    out.push(
      // The machine too: the same VM has come up on different CPUs, and closed-loop p99 follows
      // the throughput the CPU allows (64 clients ÷ rate), so runs compare within one machine.
      `${r.machine?.cpuModel ?? 'CPU n/a'}, ${r.machine?.cores ?? '?'} cores; ` +
        `PostgreSQL ${r.machine?.postgres ?? 'n/a'}; ${Object.entries(settings)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}; series reloptions: ${r.runs[0]?.seriesReloptions || 'none'}; ` +
        `finished ${r.finishedAt}; load average ${loads(r)}.`,
    );
    out.push('');
    for (const s of r.runs) {
      out.push(
        `<details><summary>${s.label}: ${fmtRate(s.perSec)}/s, slowest window ${pct(s.slowestShare)} of the fastest, worst p99 ${fmtMs(s.worstP99)} ms</summary>`,
      );
      out.push('');
      out.push(windows(s));
      out.push('');
      out.push('</details>');
      out.push('');
    }
  }
  return out.join('\n');
}
