// Exactly-once under kill -9: jobs flow in at a steady rate while a worker process serving them
// is SIGKILLed several times (a new one started at once each time). Then the last worker runs
// until every job's effect is recorded or the window ends. Counted from the tables of effects.mjs:
// jobs whose effect is missing (lost), recorded more than once (duplicated), executed more than
// once (the call to SEFAZ repeated) and executions the system flagged as a possible repeat.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { tally } from './effects.mjs';
import { keys } from './job-keys.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const WORKER = fileURLToPath(new URL('./kill-worker.mjs', import.meta.url));

function startWorker(name, url, options) {
  const child = fork(WORKER, [name, url, JSON.stringify(options)], { stdio: 'inherit' });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
  });
  return { child, ready };
}

function killed(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

/** Kill times: 1.5–3.5 s apart, the same every run (a fixed sequence, not Math.random). */
function killGaps(kills) {
  return Array.from({ length: kills }, (_, i) => 1_500 + ((i * 7_919) % 2_000));
}

export async function killTest(system, url, options) {
  const { total, ratePerSecond, kills, leaseMs, windowMs, label = system.name } = options;
  await system.setup(url, { leaseMs });
  const workerOptions = {
    workers: options.workers,
    batch: 1,
    leaseMs,
    callMs: options.callMs,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    transactional: options.transactional,
  };
  const producer = system.producer(url);
  const jobKeys = keys(total);
  let worker = startWorker(system.name, url, workerOptions);
  await worker.ready;

  const perTick = Math.max(1, Math.round(ratePerSecond / 10));
  const producing = (async () => {
    for (let i = 0; i < total; i += perTick) {
      await producer.enqueue(jobKeys.slice(i, i + perTick));
      await sleep(100);
    }
  })();
  let killCount = 0;
  for (const gap of killGaps(kills)) {
    await sleep(gap);
    await killed(worker.child);
    killCount += 1;
    worker = startWorker(system.name, url, workerOptions);
    await worker.ready;
  }
  await producing;
  await producer.close();

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const recorded = async () => (await db.query('select count(*)::int as n from effects')).rows[0].n;
  const deadline = Date.now() + windowMs;
  while (Date.now() < deadline && (await recorded()) < total) await sleep(250);
  const afterWindow = await tally(db, total);

  // graphile-worker frees a killed worker's jobs only after 4 hours, or when told that worker is
  // gone (force_unlock_workers): count them, then tell it, and let the last worker finish.
  let stuckUntilUnlocked = null;
  if (system.name === 'graphile-worker') {
    const { rows } = await db.query(
      `select count(*)::int as n, array_remove(array_agg(distinct locked_by), null) as workers
       from graphile_worker._private_jobs where locked_at is not null`,
    );
    stuckUntilUnlocked = rows[0].n;
    if (rows[0].n > 0) {
      await db.query('select graphile_worker.force_unlock_workers($1::text[])', [rows[0].workers]);
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await recorded()) < total) await sleep(250);
    }
  }
  await new Promise((resolve) => {
    worker.child.once('exit', resolve);
    worker.child.kill('SIGTERM');
  });
  const final = await tally(db, total);
  await db.end();
  return {
    system: label,
    kills: killCount,
    leaseMs,
    windowMs,
    afterWindow,
    stuckUntilUnlocked,
    final,
  };
}
