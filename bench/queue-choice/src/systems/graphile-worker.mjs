// graphile-worker 0.17 (0.18 needs Node 22.18). Its own runner with its defaults: each of
// `concurrency` workers fetches one job per statement (LISTEN/NOTIFY wakes them on new jobs),
// the task runs, and the worker deletes the job. `batch` > 1 turns on its local queue (one
// statement locks `batch` jobs for the pool) and completion batching, its documented batching.
import { Logger, makeWorkerUtils, run } from 'graphile-worker';
import pg from 'pg';

import { EFFECT_TABLES, LOG_EXECUTIONS, RECORD_EFFECTS } from '../effects.mjs';

export const name = 'graphile-worker';

const quiet = new Logger(() => () => {});

function utils(url) {
  return makeWorkerUtils({ connectionString: url, logger: quiet });
}

export async function setup(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(EFFECT_TABLES);
  await client.end();
  const workerUtils = await utils(url);
  await workerUtils.migrate();
  await workerUtils.release();
}

export function producer(url) {
  const ready = utils(url);
  return {
    async enqueue(jobKeys) {
      const workerUtils = await ready;
      await workerUtils.addJobs(jobKeys.map((key) => ({ identifier: 'work', payload: { key } })));
    },
    close: async () => (await ready).release(),
  };
}

export async function startWorkers(url, { workers, batch, before, onDone }) {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  const runner = await run({
    connectionString: url,
    concurrency: workers,
    noHandleSignals: true,
    logger: quiet,
    taskList: {
      async work(payload, helpers) {
        if (before) {
          await pool.query(LOG_EXECUTIONS, [[payload.key], [helpers.job.attempts > 1]]);
          await before([payload]);
        }
        await pool.query(RECORD_EFFECTS, [[payload.key]]);
        onDone?.(1);
      },
    },
    ...(batch > 1
      ? { preset: { worker: { localQueue: { size: batch }, completeJobBatchDelay: 0 } } }
      : {}),
  });
  return {
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}

export const tables = { schema: 'graphile_worker', names: null };
