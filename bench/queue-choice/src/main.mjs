// Issue #46: the home-made queue against pg-boss and graphile-worker on one embedded PostgreSQL.
//   node src/main.mjs [--only claim,churn,kill] [--out out/results.json]
// claim: jobs/s and claim latency, 1 and 4 workers one job per claim, and 4 workers claiming up
//        to 50 at once (a SEFAZ lot), a backlog always queued.
// churn: 100,000 jobs arriving at 1,000/s, 4 workers claiming up to 50 at once: HOT updates,
//        dead rows, vacuums and the tables' size, each system's cleanup at its defaults.
// kill:  exactly-once under kill -9.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

import { flow } from './flow.mjs';
import { killTest } from './kill.mjs';
import { startPostgres } from './postgres.mjs';
import { FRESH_ONLY } from './systems/home-made.mjs';
import { SYSTEMS } from './systems/index.mjs';
import { timeStatements } from './timing.mjs';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'claim,churn,kill' },
    out: { type: 'string', default: join(tmpdir(), 'queue-choice.json') },
    'churn-jobs': { type: 'string', default: '100000' },
    'churn-rate': { type: 'string', default: '1000' },
  },
});
const phases = new Set(args.only.split(','));
const log = (line) => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);

function machine(postgres) {
  const version = (name) =>
    JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url)))
      .version;
  return {
    cores: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
    cpu: cpus()[0]?.model,
    node: process.version,
    postgres,
    pgBoss: version('pg-boss'),
    graphileWorker: version('graphile-worker'),
    loadAverageAtStart: execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim(),
  };
}

timeStatements();
const server = await startPostgres();
const results = { machine: machine(await server.version()), claim: [], churn: [], kill: [] };
let run = 0;
const fresh = () => server.database(`q${++run}`);
try {
  if (phases.has('claim')) {
    for (const [workers, batch, total] of [
      [1, 1, 3_000],
      [4, 1, 5_000],
      [4, 50, 20_000],
    ]) {
      const runs = [
        ...Object.values(SYSTEMS).map((system) => [system, undefined]),
        [SYSTEMS['home-made'], FRESH_ONLY],
      ];
      for (const [system, variant] of runs) {
        log(
          `claim: ${system.name} ${variant ?? ''}, ${workers} worker(s), batch ${batch}, ${total} jobs`,
        );
        results.claim.push(
          await flow(system, await fresh(), { total, workers, batch, chunk: 1_000, variant }),
        );
      }
    }
  }
  if (phases.has('churn')) {
    for (const system of Object.values(SYSTEMS)) {
      const total = Number(args['churn-jobs']);
      const ratePerSecond = Number(args['churn-rate']);
      log(`churn: ${system.name}, ${total} jobs at ${ratePerSecond}/s, 4 workers, batches of 50`);
      results.churn.push(
        await flow(system, await fresh(), { total, workers: 4, batch: 50, ratePerSecond }),
      );
    }
  }
  if (phases.has('kill')) {
    const common = {
      total: 3_000,
      ratePerSecond: 150,
      kills: 6,
      workers: 4,
      callMs: 20,
      leaseMs: 3_000,
      windowMs: 30_000,
      maintenanceIntervalSeconds: 1,
    };
    const runs = [
      [SYSTEMS['home-made'], {}],
      [SYSTEMS['pg-boss'], {}],
      [
        SYSTEMS['pg-boss'],
        { transactional: true, label: 'pg-boss, effect + complete in one commit' },
      ],
      [SYSTEMS['graphile-worker'], {}],
    ];
    for (const [system, extra] of runs) {
      log(`kill: ${extra.label ?? system.name}`);
      results.kill.push(await killTest(system, await fresh(), { ...common, ...extra }));
    }
  }
} finally {
  await server.stop();
}
mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(args.out, `${JSON.stringify(results, null, 2)}\n`);
log(`written ${args.out}`);
