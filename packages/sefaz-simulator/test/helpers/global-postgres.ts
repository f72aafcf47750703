import { startThrowawayPostgres } from '@emissor/test-support';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with rights to create databases (each test file makes its own). */
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when given, otherwise the throwaway
 * embedded server the API's tests use.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return () => Promise.resolve();
  }
  const pg = await startThrowawayPostgres({ maxConnections: 100, persistent: false });
  project.provide('adminDatabaseUrl', pg.adminUrl);
  return async () => {
    await pg.server.stop();
    pg.removeData();
  };
}
