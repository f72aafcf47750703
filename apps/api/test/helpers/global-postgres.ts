import { createDatabase, startThrowawayPostgres } from '@emissor/test-support';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export { freePort } from '@emissor/test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with rights to create databases (each test file makes its own). */
    adminDatabaseUrl: string;
    /** A database migrated to the latest schema once for the run, copied for each test server. */
    migratedTemplate: string;
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when given, otherwise a throwaway
 * embedded server (the same binaries the API uses without DATABASE_URL). On it, one database
 * migrated once: a test server starts on a copy of it instead of running every migration again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.DATABASE_URL
    ? undefined
    : await startThrowawayPostgres({ maxConnections: 400, persistent: false });
  const adminUrl = process.env.DATABASE_URL ?? server!.adminUrl;
  const templateUrl = await createDatabase(adminUrl, 'emissor_template');
  const migrated = connectDatabase(templateUrl, 1);
  try {
    await migrateToLatest(migrated.db);
  } finally {
    await migrated.db.destroy();
  }
  const template = new URL(templateUrl).pathname.slice(1);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('migratedTemplate', template);
  return async () => {
    if (!server) return dropDatabase(adminUrl, template);
    await server.server.stop();
    server.removeData();
  };
}

/** On a DATABASE_URL server the template would outlive the run; the test databases are left. */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
