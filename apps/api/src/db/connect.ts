import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

import type { Database } from './schema.js';

// NUMERIC stays text (decimals are never parsed to binary floats); BIGINT counts become numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
}

export function connectDatabase(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // Fail fast instead of queueing forever when the database is gone.
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one: pg-pool listens for errors only on idle clients, so a server
  // shutdown (57P01) between two queries of a transaction was an unhandled 'error' event that
  // killed the process. The failing or next query still rejects (→ 503), and the pool discards the
  // broken client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}
