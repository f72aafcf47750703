// The home-made queue as apps/api had it at 040df0d (before issue #46 gathered it into
// apps/api/src/queue/), reproduced statement for statement rather than imported. The table is transmission_queue (migrations 0008, 0011, 0017, 0018):
// fillfactor 50, autovacuum after a fixed 500 dead rows with no cost delay, a partial index per
// claim. A round claims documents that may have been sent (consulted first in the API), then
// documents never sent, each claim locking with SKIP LOCKED and leasing in the same statement
// (attempts + 1 is the fence, `sent` is set before anything is sent). The end of a job deletes
// the row only while the attempt still holds it, and records the job's effect in that same
// statement (in the API: the document's final status and protocol). The vacuum keeper of
// apps/api/src/db/queue-vacuum.ts runs beside the workers. The receipt claim (recibos) is left
// out: its rows exist only after a lot was sent to SEFAZ.
import pg from 'pg';

import { EFFECT_TABLES, LOG_EXECUTIONS } from '../effects.mjs';

const SCHEMA = `
  create table work_queue (
    document_id uuid primary key,
    attempts integer not null default 0,
    sent boolean not null default false,
    recibo varchar(20),
    last_cstat varchar(4),
    last_error varchar(500),
    available_at timestamptz not null default now(),
    enqueued_at timestamptz not null default now(),
    recibo_at timestamptz,
    t_med integer,
    local_failures integer not null default 0
  ) with (
    fillfactor = 50,
    autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 500,
    autovacuum_vacuum_cost_delay = 0,
    autovacuum_analyze_scale_factor = 0,
    autovacuum_analyze_threshold = 500
  );
  create index work_queue_fresh on work_queue (available_at) where not sent;
  create index work_queue_resumed on work_queue (available_at) where sent and recibo is null;
  create index work_queue_receipts on work_queue (available_at) where recibo is not null`;

const claimed = `claimed as (
    update work_queue q
    set attempts = q.attempts + 1, sent = true,
        available_at = now() + make_interval(secs => $2::double precision / 1000)
    from picked where q.document_id = picked.document_id
    returning q.document_id, q.attempts, picked.was_sent, q.recibo, q.recibo_at, q.t_med,
              q.last_cstat, q.last_error, q.local_failures, q.enqueued_at
  )
  select document_id as "key", attempts as attempt, was_sent as "maybeSent" from claimed
  order by enqueued_at, document_id`;

const CLAIM_RESUMED = {
  name: 'claim_resumed',
  text: `with picked as materialized (
      select document_id, sent as was_sent from work_queue
      where available_at <= now() and sent and recibo is null
      order by available_at limit $1
      for update skip locked
    ), ${claimed}`,
};

const CLAIM_FRESH = {
  name: 'claim_fresh',
  text: `with picked as materialized (
      select document_id, sent as was_sent from work_queue
      where available_at <= now() and not sent
      order by available_at limit $1
      for update skip locked
    ), ${claimed}`,
};

// FINISH_WITH_PROTOCOLS' shape: the rows still held by their attempts are deleted and their
// effects recorded in one commit.
const FINISH = {
  name: 'finish',
  text: `with done as (
      delete from work_queue q
      using unnest($1::uuid[], $2::int[]) as i(document_id, attempt)
      where q.document_id = i.document_id and q.attempts = i.attempt
      returning q.document_id
    )
    insert into effects (job_key) select document_id from done
    on conflict (job_key) do update set times = effects.times + 1`,
};

export const name = 'home-made';

export async function setup(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`${SCHEMA}; ${EFFECT_TABLES}`);
  await client.end();
}

export function producer(url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    enqueue: (jobKeys) =>
      pool.query('insert into work_queue (document_id) select unnest($1::uuid[])', [jobKeys]),
    close: () => pool.end(),
  };
}

/**
 * `workers` loops, each claiming up to `batch` rows a round (work-loop.ts claims what room it
 * has), running `before` on them (the call to SEFAZ), then finishing them in one statement.
 */
export const FRESH_ONLY = 'fresh claim only';

/** `variant` FRESH_ONLY: one claim a round (a queue with one kind of row); not for the kill test. */
export async function startWorkers(url, { workers, batch, leaseMs, before, onDone, variant }) {
  const resumedToo = variant !== FRESH_ONLY;
  const pool = new pg.Pool({ connectionString: url, max: workers + 1 });
  let stopped = false;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped) {
      const resumed = resumedToo
        ? (await pool.query({ ...CLAIM_RESUMED, values: [batch, leaseMs] })).rows
        : [];
      const fresh =
        resumed.length < batch
          ? (await pool.query({ ...CLAIM_FRESH, values: [batch - resumed.length, leaseMs] })).rows
          : [];
      const jobs = [...resumed, ...fresh];
      if (jobs.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      if (before) {
        await pool.query(LOG_EXECUTIONS, [jobs.map((j) => j.key), jobs.map((j) => j.maybeSent)]);
        await before(jobs);
      }
      await pool.query({ ...FINISH, values: [jobs.map((j) => j.key), jobs.map((j) => j.attempt)] });
      onDone?.(jobs.length);
    }
  });
  const keeper = startVacuumKeeper(url);
  return {
    async stop() {
      stopped = true;
      await Promise.allSettled(loops);
      await keeper.stop();
      await pool.end();
    },
  };
}

/** apps/api/src/db/queue-vacuum.ts with its defaults: 2,000 dead rows, 5 s apart, looked at every 2 s. */
function startVacuumKeeper(
  url,
  { afterDeadRows = 2_000, minIntervalMs = 5_000, everyMs = 2_000 } = {},
) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let stopped = false;
  let timer;
  let running = Promise.resolve();
  const look = async () => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query('select pg_try_advisory_lock(724311957) as got');
      if (!rows[0].got) return;
      try {
        const due = await client.query(
          `select relname as table, n_dead_tup::int as dead,
                  coalesce(extract(epoch from clock_timestamp() - greatest(last_vacuum, last_autovacuum))
                             * 1000, 'Infinity')::float8 as "sinceVacuumMs"
           from pg_stat_user_tables where relname = 'work_queue'`,
        );
        for (const row of due.rows) {
          if (row.dead >= afterDeadRows && row.sinceVacuumMs >= minIntervalMs && !stopped)
            await client.query('vacuum (skip_locked, truncate false) work_queue');
        }
      } finally {
        await client.query('select pg_advisory_unlock(724311957)');
      }
    } finally {
      client.release();
    }
  };
  const tick = () => {
    if (stopped) return;
    running = look().catch(() => {});
    running.then(() => {
      if (!stopped) timer = setTimeout(tick, everyMs);
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await pool.end();
    },
  };
}

/** The tables whose churn is the queue's. */
export const tables = { schema: 'public', names: ['work_queue'] };
