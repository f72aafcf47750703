// Small measurement helpers: bounded loops, percentiles, formatting.
import { performance } from 'node:perf_hooks';

/**
 * Times `fn` (sync or async) after a warm-up of at least `warmup` calls and `warmupMs` milliseconds
 * (V8 optimises a function only after many calls: a fixed handful of warm-up calls left the first
 * timed calls of a millisecond-long function unoptimised). Then runs until `minMs` have passed and
 * at least `minIters` calls were made, but never more than `maxIters` calls or `maxMs` milliseconds.
 * Returns per-call samples in ms.
 */
export async function measure(
  fn,
  { warmup = 3, warmupMs = 0, minMs = 1000, maxMs = 10_000, minIters = 5, maxIters = 100_000 } = {},
) {
  const warmStart = performance.now();
  for (let i = 0; i < warmup || (performance.now() - warmStart < warmupMs && i < maxIters); i++)
    await fn();
  const samples = [];
  const start = performance.now();
  for (let i = 0; i < maxIters; i++) {
    const t0 = performance.now();
    await fn();
    const t1 = performance.now();
    samples.push(t1 - t0);
    const elapsed = t1 - start;
    if (elapsed >= maxMs) break;
    if (elapsed >= minMs && samples.length >= minIters) break;
  }
  return summarize(samples);
}

/** Same as `measure` for synchronous functions, without an await per call. */
export function measureSync(
  fn,
  {
    warmup = 3,
    warmupMs = 0,
    minMs = 1000,
    maxMs = 10_000,
    minIters = 5,
    maxIters = 1_000_000,
  } = {},
) {
  const warmStart = performance.now();
  for (let i = 0; i < warmup || (performance.now() - warmStart < warmupMs && i < maxIters); i++)
    fn();
  const samples = [];
  const start = performance.now();
  for (let i = 0; i < maxIters; i++) {
    const t0 = performance.now();
    fn();
    const t1 = performance.now();
    samples.push(t1 - t0);
    const elapsed = t1 - start;
    if (elapsed >= maxMs) break;
    if (elapsed >= minMs && samples.length >= minIters) break;
  }
  return summarize(samples);
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = samples.reduce((a, b) => a + b, 0);
  const mean = total / samples.length;
  return {
    n: samples.length,
    mean,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    opsPerSec: 1000 / mean,
  };
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(3);
}

export function fmtRate(r) {
  if (!Number.isFinite(r)) return 'n/a';
  if (r >= 100) return Math.round(r).toLocaleString('en-US');
  if (r >= 10) return r.toFixed(1);
  return r.toFixed(2);
}

/** A markdown table (also readable on a terminal). */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(cells[0]),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}
