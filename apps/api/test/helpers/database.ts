import { createDatabase } from '@emissor/test-support';
import type pg from 'pg';
import { inject } from 'vitest';

/** A new, empty database on the test server; every test file gets its own. */
export function createTestDatabase(): Promise<string> {
  return createDatabase(inject('adminDatabaseUrl'));
}

/**
 * The settings stored on the connected database itself (ALTER DATABASE … SET, no role): what every
 * new session and the autovacuum workers on it start with.
 */
export async function databaseSettings(client: pg.Pool | pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ config: string[] }>(
    `select setconfig as config from pg_db_role_setting
     where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database())`,
  );
  return rows[0]?.config ?? [];
}
