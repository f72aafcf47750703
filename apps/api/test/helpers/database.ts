import { createDatabase } from '@emissor/test-support';
import type pg from 'pg';
import { inject } from 'vitest';

/** A new, empty database on the test server; for tests of what happens before any migration. */
export function createTestDatabase(): Promise<string> {
  return createDatabase(inject('adminDatabaseUrl'));
}

/**
 * A new database already at the latest schema: a copy of the run's migrated template, so a test
 * server starts without running every migration. Each test file still gets its own.
 */
export function createMigratedTestDatabase(): Promise<string> {
  return createDatabase(inject('adminDatabaseUrl'), 'emissor_t', inject('migratedTemplate'));
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
