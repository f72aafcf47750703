import { Migrator, sql, type Kysely, type MigrationResult } from 'kysely';

import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

// Any constant works; it only has to be the same in every Emissor process.
const MIGRATION_LOCK = 724_311_955;

/**
 * Runs pending migrations. Several API processes may start at once on an empty database: Kysely's
 * own lock is taken only after it creates its bookkeeping tables, and two processes creating those
 * at the same moment collide, so a session-level advisory lock serialises the whole run.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      const { error, results } = await new Migrator({
        db: conn,
        provider: migrationProvider,
      }).migrateToLatest();
      if (error)
        throw error instanceof Error ? error : new Error('migration failed', { cause: error });
      return results ?? [];
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
