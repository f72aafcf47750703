import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createDatabaseIfMissing, startLocalPostgres } from '@emissor/local-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; leaves one started by another process alone. */
  stop(): Promise<void>;
}

interface Settings {
  password: string;
}

const DATABASE = 'emissor';

function loadSettings(dataDir: string): Settings {
  const file = join(dataDir, 'embedded-postgres.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Settings;
  const settings = { password: randomBytes(18).toString('base64url') };
  writeFileSync(file, JSON.stringify(settings), { mode: 0o600 });
  return settings;
}

/**
 * The API's database when it is given no DATABASE_URL: a local PostgreSQL whose data lives under
 * `dataDir`, surviving restarts, its password kept beside it. When the API is already running on
 * the same folder (e.g. the admin CLI while the API serves), this connects to that server.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startLocalPostgres({
    databaseDir: join(dataDir, 'postgres'),
    port,
    password: loadSettings(dataDir).password,
    persistent: true,
    onError: log,
    hint: 'is the port in use? Set EMBEDDED_POSTGRES_PORT or DATABASE_URL',
  });
  // Every start, not only the first: a first start that failed midway leaves a cluster without it.
  await createDatabaseIfMissing(server.url(), DATABASE);
  return { url: server.url(DATABASE), stop: () => server.stop() };
}
