import type { TestProject } from 'vitest/node';

import { startThrowawayPostgres } from '@emissor/test-support';

export { freePort } from '@emissor/test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with rights to create databases (each test file makes its own). */
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when given, otherwise a throwaway
 * embedded server (the same binaries the API uses without DATABASE_URL).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return () => Promise.resolve();
  }
  const pg = await startThrowawayPostgres({ maxConnections: 400, persistent: false });
  project.provide('adminDatabaseUrl', pg.adminUrl);
  return async () => {
    await pg.server.stop();
    pg.removeData();
  };
}
