// pg-boss 10 (the last major that runs on Node 20; 11 needs Node 22). Driven by fetch/complete in
// a loop of our own, like the home-made workers: pg-boss's own `work()` waits its polling
// interval (2 s by default, 0.5 s at least) after every fetch, even one that found jobs, so its
// throughput is batchSize ÷ interval per worker and says nothing about the SQL. Queue and server
// settings are pg-boss's defaults except where the kill test needs a lease (expireInSeconds) and
// a maintenance pass (which is what expires leases) sooner than its 15 min and 2 min.
import PgBoss from 'pg-boss';
import pg from 'pg';

import { EFFECT_TABLES, LOG_EXECUTIONS, RECORD_EFFECTS } from '../effects.mjs';

const QUEUE = 'work';

export const name = 'pg-boss';

export async function setup(url, { leaseMs } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(EFFECT_TABLES);
  await client.end();
  const boss = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(QUEUE, leaseMs ? { expireInSeconds: Math.ceil(leaseMs / 1000) } : {});
  await boss.stop({ graceful: false, wait: true });
}

export function producer(url) {
  const boss = new PgBoss({
    connectionString: url,
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => {});
  const started = boss.start();
  return {
    async enqueue(jobKeys) {
      await started;
      await boss.insert(jobKeys.map((key) => ({ name: QUEUE, data: { key } })));
    },
    close: async () => {
      await started;
      await boss.stop({ graceful: false, wait: true });
    },
  };
}

/**
 * `transactional`: the effect and the completion commit together (pg-boss's `db` option), which
 * work() does not do (it completes after the handler, without awaiting it).
 */
export async function startWorkers(
  url,
  { workers, batch, before, onDone, maintenanceIntervalSeconds, transactional = false },
) {
  const boss = new PgBoss({
    connectionString: url,
    max: workers + 2,
    migrate: false,
    ...(maintenanceIntervalSeconds ? { maintenanceIntervalSeconds } : {}),
  });
  boss.on('error', () => {});
  await boss.start();
  const pool = new pg.Pool({ connectionString: url, max: workers });
  let stopped = false;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped) {
      const jobs = await boss.fetch(QUEUE, { batchSize: batch, includeMetadata: true });
      if (jobs.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const jobKeys = jobs.map((j) => j.data.key);
      if (before) {
        await pool.query(LOG_EXECUTIONS, [jobKeys, jobs.map((j) => j.retryCount > 0)]);
        await before(jobs);
      }
      const ids = jobs.map((j) => j.id);
      if (transactional) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query(RECORD_EFFECTS, [jobKeys]);
          await boss.complete(QUEUE, ids, null, {
            db: { executeSql: (t, v) => client.query(t, v) },
          });
          await client.query('commit');
        } finally {
          client.release();
        }
      } else {
        await pool.query(RECORD_EFFECTS, [jobKeys]);
        await boss.complete(QUEUE, ids);
      }
      onDone?.(jobs.length);
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.allSettled(loops);
      await boss.stop({ graceful: false, wait: true });
      await pool.end();
    },
  };
}

export const tables = { schema: 'pgboss', names: null };
