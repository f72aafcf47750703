import type pg from 'pg';

import type { Logger } from '../logging/logger.js';
import { QUEUE_TABLES } from './queue-sql.js';

export interface QueueVacuumOptions {
  /** Dead row versions a queue table holds before it is vacuumed. */
  afterDeadRows?: number;
  /** The least time between two vacuums of one table, by any process (ms). */
  minIntervalMs?: number;
  /** How often the tables are looked at (ms). */
  everyMs?: number;
  /** The tables kept (tests use tables of their own). */
  tables?: readonly string[];
}

export interface QueueVacuum {
  stop(): void;
}

/**
 * The tables kept: the queue's, and webhook_deliveries. Deliveries stay as history, but each is
 * updated at its claim and at its result (neither HOT: the due and order indexes cover them), so
 * at a few hundred status changes a second it churns like a queue table; a vacuum reads only the
 * pages changed since the last one (the visibility map), so the history does not make it dearer.
 */
export const VACUUMED_TABLES: readonly string[] = [...QUEUE_TABLES, 'webhook_deliveries'];

/** Held by the process that is looking at the queue tables (per database, as all advisory locks). */
export const QUEUE_VACUUM_LOCK = 724_311_957;

interface TableState {
  table: string;
  dead: number;
  sinceVacuumMs: number;
}

/**
 * Vacuums the queue tables as their dead rows pile up, instead of waiting for autovacuum.
 *
 * Measured at 200 NF-e/s for 90 s (bench/results/comparisons.md, "The transmission queue over minutes"):
 * the queue had about 400 rows in flight, but with no vacuum its heap grew by 7 pages a second to
 * 610 pages and 73,000 dead rows, and autovacuum did not come in those 90 s. A row's old versions
 * are only pruned in place; space on a page is given to new rows once a vacuum records it in the
 * free-space map, so until then every queued document takes new space at the table's end. Every
 * receipt claim read the whole heap (299 → 968 buffers a call), and the requests' p99 rose with
 * it. When autovacuum comes depends on the server's settings and on the other tables it is busy
 * with (issue #21: not for the operator to tune). A vacuum of a queue table every few seconds
 * reads a few hundred pages and keeps the heap at about the rows of those seconds.
 *
 * Every API process looks, one at a time: an advisory lock is held from reading the tables'
 * `last_vacuum` to the end of their vacuums, so the interval is kept across processes (without it
 * two processes that read it at once would both vacuum), and SKIP_LOCKED makes a process skip a
 * table that something else (autovacuum, an operator) is vacuuming. The pool given is the
 * keeper's own: a VACUUM must not hold one of the requests' connections. TRUNCATE is
 * off: giving the empty tail back to the file system takes an exclusive lock on the table, which
 * the emissions' inserts into `transmission_queue` would wait behind (autovacuum still does it).
 * A role that does not own the tables cannot vacuum them: that is logged once and left to
 * autovacuum.
 */
export function startQueueVacuum(
  pool: pg.Pool,
  logger: Logger,
  options: QueueVacuumOptions = {},
): QueueVacuum {
  const afterDeadRows = options.afterDeadRows ?? 2_000;
  const minIntervalMs = options.minIntervalMs ?? 5_000;
  const everyMs = options.everyMs ?? 2_000;
  const tables = options.tables ?? VACUUMED_TABLES;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ownershipKnown = false;

  const owned = async (client: pg.PoolClient): Promise<boolean> => {
    const { rows } = await client.query<{ owned: boolean }>(
      `select bool_and(pg_has_role(current_user, c.relowner, 'USAGE')
                       or (select rolsuper from pg_roles where rolname = current_user)) as owned
       from pg_class c
       where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
         and c.relname = any($1)`,
      [tables],
    );
    return rows[0]?.owned ?? false;
  };

  const due = async (client: pg.PoolClient): Promise<TableState[]> => {
    const { rows } = await client.query<TableState>(
      `select relname as table, n_dead_tup::int as dead,
              coalesce(extract(epoch from clock_timestamp() - greatest(last_vacuum, last_autovacuum))
                         * 1000, 'Infinity')::float8 as "sinceVacuumMs"
       from pg_stat_user_tables
       where schemaname = current_schema() and relname = any($1)`,
      [tables],
    );
    return rows.filter((r) => r.dead >= afterDeadRows && r.sinceVacuumMs >= minIntervalMs);
  };

  /** With the lock held: vacuums the tables that are due; false when the role may not, for good. */
  const lookHolding = async (client: pg.PoolClient): Promise<boolean> => {
    if (!ownershipKnown) {
      if (!(await owned(client))) {
        logger.warn(
          { tables },
          'queue tables not vacuumed by the API: the database role does not own them (autovacuum will)',
        );
        return false;
      }
      ownershipKnown = true;
    }
    // VACUUM reports `last_vacuum` before it returns, so whoever takes the lock next reads it.
    for (const { table, dead } of await due(client)) {
      if (stopped) break;
      const started = performance.now();
      // Names from the constant list above (or a test's), never from input.
      await client.query(`vacuum (skip_locked, truncate false) "${table}"`);
      // Also when SKIP_LOCKED skipped it: PostgreSQL says so only in a warning to this session.
      logger.debug(
        { table, dead_rows: dead, duration_ms: Math.round(performance.now() - started) },
        'queue table vacuum ended',
      );
    }
    return true;
  };

  const look = async (): Promise<boolean> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ got: boolean }>(
        'select pg_try_advisory_lock($1) as got',
        [QUEUE_VACUUM_LOCK],
      );
      if (!rows[0]?.got) return true;
      try {
        return await lookHolding(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [QUEUE_VACUUM_LOCK]);
      }
    } catch (error) {
      // A connection in an unknown state may still hold the lock: closing it gives the lock back.
      broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };

  const tick = () => {
    if (stopped) return;
    look().then(
      (again) => {
        if (again && !stopped) timer = setTimeout(tick, everyMs);
      },
      (error: unknown) => {
        // Not needed for correctness, and autovacuum still comes: warn, and try again later.
        if (stopped) return;
        logger.warn({ err: error }, 'queue tables not vacuumed');
        timer = setTimeout(tick, everyMs * 10);
      },
    );
  };
  tick();

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
