import { createDatabase } from '@emissor/test-support';
import { inject } from 'vitest';

/** A new, empty database on the test server; every test file gets its own. */
export function createTestDatabase(): Promise<string> {
  return createDatabase(inject('adminDatabaseUrl'), 'sefaz_sim_t');
}
