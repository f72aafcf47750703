import type pg from 'pg';

import type { Logger } from '../logging/logger.js';
import { tables, type TableName } from './sql-names.js';

/**
 * The tables the emission path looks up on every request. Their statements are named, so each
 * pooled connection plans them once and keeps the plan until PostgreSQL invalidates it.
 */
const EMISSION_TABLES: readonly TableName[] = [
  'documents',
  'document_xml',
  'series',
  'certificates',
];

export interface FirstStatisticsOptions {
  /**
   * Documents stored before the first statistics are gathered. Statistics of a table of a few pages
   * rightly plan a sequential scan, and that plan would be cached in turn: by a thousand rows
   * (about fifty pages) the unique index is the plan.
   */
  afterRows?: number;
  /** How often a database without statistics is looked at, in ms. */
  everyMs?: number;
}

export interface FirstStatistics {
  stop(): void;
}

/**
 * Gathers the first planner statistics of a new database as soon as it holds some documents,
 * instead of waiting for autovacuum.
 *
 * Without column statistics PostgreSQL cannot tell the unique (product, idempotency key) index
 * from the list indexes that also start with the product: on a near-empty table each costs the
 * same. A connection that planned the per-emission lookup then (its sixth call makes the plan
 * generic and cached) may keep a list index with the key as a filter: every lookup reads all of
 * the product's documents. Measured on a fresh database (bench/results/comparisons.md): the lookup went
 * to 102 ms and 53,000 buffers per call within a minute, and emissions fell from 560 to 270/s,
 * until an ANALYZE made every connection plan again (0.4 ms, 108 buffers). Autovacuum gets there
 * only on its first visit to the database, up to `autovacuum_naptime` later, or never where the
 * operator turned it off.
 *
 * Once there are statistics (from here, from autovacuum or from a restore) this stops and never
 * runs again for that database. Several processes may each analyze once if they look at the same
 * moment; on tables of a thousand documents an ANALYZE takes tens of milliseconds (54 ms in the
 * bench for a few thousand), in the background.
 */
export function startFirstStatistics(
  pool: pg.Pool,
  logger: Logger,
  options: FirstStatisticsOptions = {},
): FirstStatistics {
  const afterRows = options.afterRows ?? 1_000;
  const everyMs = options.everyMs ?? 2_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const state = async () => {
    // Text on the pool: it reads the catalog (pg_stats), which schema.ts does not describe; the
    // names of Emissor's tables in it are checked (sql-names.ts).
    const { rows } = await pool.query<{ stored: number; missing: TableName[] }>(
      `select (select count(*) from (select 1 from ${tables.documents} limit $1) enough)::int as stored,
              array(select t from unnest($2::text[]) t
                    where not exists (select 1 from pg_stats s
                                      where s.schemaname = current_schema() and s.tablename = t))
                as missing`,
      [afterRows, EMISSION_TABLES],
    );
    return rows[0] ?? { stored: 0, missing: [] };
  };

  const look = async (): Promise<boolean> => {
    const { stored, missing } = await state();
    if (!missing.includes(tables.documents)) return true;
    if (stored < afterRows) return false;
    // Names from the constant list above, never from input. A role that does not own a table gets
    // a warning from PostgreSQL, not an error, and the table stays without statistics.
    await pool.query(`analyze ${missing.map((t) => `"${t}"`).join(', ')}`);
    if ((await state()).missing.includes(tables.documents))
      logger.warn(
        { tables: missing },
        "first planner statistics not gathered: the database role does not own Emissor's tables (autovacuum will gather them)",
      );
    else logger.info({ tables: missing }, 'first planner statistics gathered for a new database');
    return true;
  };

  const tick = () => {
    look().then(
      (done) => {
        if (!done && !stopped) timer = setTimeout(tick, everyMs);
      },
      (error: unknown) => {
        // Not needed for correctness: autovacuum still gets there. Stop rather than repeat it.
        if (!stopped) logger.warn({ err: error }, 'first planner statistics not gathered');
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
