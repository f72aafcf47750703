// The tables of bench/results/queue-choice.md from a results file of main.mjs.
//   node src/render.mjs [results.json]
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const file = process.argv[2] ?? join(tmpdir(), 'queue-choice.json');
const results = JSON.parse(readFileSync(file, 'utf8'));
const kib = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;
const ms = (t) => (t ? `${t.meanMs.toFixed(2)} / ${t.p99Ms.toFixed(1)}` : '–');
const row = (cells) => `| ${cells.join(' | ')} |`;
const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

const { machine } = results;
console.log(
  `Machine: ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}, PostgreSQL ` +
    `${machine.postgres}, pg-boss ${machine.pgBoss}, graphile-worker ${machine.graphileWorker}; ` +
    `load average at start ${machine.loadAverageAtStart}.\n`,
);

console.log(
  table(
    [
      'system',
      'workers',
      'batch',
      'jobs',
      'jobs/s',
      'claims',
      'claim ms mean / p99',
      'complete ms mean / p99',
      'updates (HOT)',
    ],
    results.claim.map((r) => [
      r.system,
      r.workers,
      r.batch,
      r.total,
      r.jobsPerSecond,
      r.claim?.count ?? '–',
      ms(r.claim),
      ms(r.complete),
      `${r.stats.upd} (${r.stats.hot})`,
    ]),
  ),
);
console.log();
console.log(
  table(
    [
      'system',
      'jobs',
      'jobs/s (asked)',
      'claim ms mean / p99',
      'inserts',
      'updates (HOT)',
      'deletes',
      'dead rows after',
      'vacuums (keeper / auto)',
      'size after',
      'largest seen',
      'rows left in the schema',
    ],
    results.churn.map((r) => [
      r.system,
      r.total,
      r.ratePerSecond ? `${r.jobsPerSecond} (${r.ratePerSecond})` : `${r.jobsPerSecond} (max)`,
      ms(r.claim),
      r.stats.ins,
      `${r.stats.upd} (${r.stats.hot})`,
      r.stats.del,
      r.stats.dead,
      `${r.stats.vacuums} / ${r.stats.autovacuums}`,
      kib(r.stats.bytes),
      kib(r.peakBytes),
      r.stats.rows ?? '?',
    ]),
  ),
);
console.log();
console.log(
  table(
    [
      'system',
      'kills',
      'jobs',
      'lost at window end',
      'held by killed workers',
      'lost in the end',
      'effect twice',
      'executed twice',
      'executions flagged "may have run"',
    ],
    results.kill.map((r) => [
      r.system,
      r.kills,
      r.final.expected,
      r.afterWindow.lost,
      r.stuckUntilUnlocked ?? '–',
      r.final.lost,
      r.final.duplicated,
      r.final.reExecutedJobs,
      r.final.executionsToldRetry,
    ]),
  ),
);
