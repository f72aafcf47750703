// Round-trip time of every statement a queue sends, by kind, measured at the `pg` client all three
// systems share (pg-boss and graphile-worker use the same `pg` module from node_modules). A claim
// is any statement that locks rows with SKIP LOCKED: all three claim that way.
import { performance } from 'node:perf_hooks';

import pg from 'pg';

const samples = new Map();

const KINDS = [
  ['claim', /skip\s+locked/i],
  [
    'complete',
    /delete\s+from\s+work_queue|state\s*=\s*'completed'|delete\s+from\s+"?graphile_worker"?\._private_jobs/i,
  ],
];

function kindOf(config) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string') return undefined;
  return KINDS.find(([, pattern]) => pattern.test(text))?.[0];
}

function record(kind, ms) {
  let list = samples.get(kind);
  if (!list) samples.set(kind, (list = []));
  list.push(ms);
}

let installed = false;
export function timeStatements() {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(config, values, callback) {
    const kind = kindOf(config);
    if (!kind) return query.call(this, config, values, callback);
    const started = performance.now();
    const done = () => record(kind, performance.now() - started);
    if (typeof values === 'function') {
      return query.call(this, config, (error, result) => {
        done();
        values(error, result);
      });
    }
    if (typeof callback === 'function') {
      return query.call(this, config, values, (error, result) => {
        done();
        callback(error, result);
      });
    }
    const result = query.call(this, config, values);
    if (result && typeof result.then === 'function') {
      result.then(done, done);
    }
    return result;
  };
}

export function resetTimings() {
  samples.clear();
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Per kind: count, mean and p99 in ms. */
export function timingSummary() {
  const out = {};
  for (const [kind, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
    out[kind] = {
      count: sorted.length,
      meanMs: +mean.toFixed(3),
      p99Ms: +percentile(sorted, 99).toFixed(3),
    };
  }
  return out;
}
