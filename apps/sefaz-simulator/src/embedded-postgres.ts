import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createDatabaseIfMissing, startLocalPostgres } from '@emissor/local-postgres';

const DATABASE = 'sefaz_simulator';

/** The superuser's password, made on the first start and kept beside the cluster. */
function password(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = randomBytes(18).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/**
 * For `pnpm sefaz-simulator` without a database URL: the project's local PostgreSQL
 * (`@emissor/local-postgres`, the one the API embeds), its data under `dataDir/postgres`, kept
 * across restarts. A server already running on that folder is reused and left running at stop.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to enter the folder.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const server = await startLocalPostgres({
    databaseDir: join(dataDir, 'postgres'),
    port,
    password: password(dataDir),
    persistent: true,
    hint:
      'set SEFAZ_SIMULATOR_DATA_DIR to a folder it can enter, SEFAZ_SIMULATOR_PG_PORT to another port, ' +
      'or SEFAZ_SIMULATOR_DATABASE_URL',
  });
  await createDatabaseIfMissing(server.url(), DATABASE);
  return { url: server.url(DATABASE), stop: () => server.stop() };
}
