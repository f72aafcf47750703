import pg from 'pg';

import { startThrowawayPostgres } from '@emissor/test-support';

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
 * go down under the other test files).
 */
export async function startDedicatedPostgres(): Promise<DedicatedPostgres> {
  // Keep the data folder on stop(): the restart must find the same database.
  const { server, port, adminUrl, removeData } = await startThrowawayPostgres({
    maxConnections: 200,
    persistent: true,
  });
  const admin = new pg.Client({ connectionString: adminUrl });
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
      removeData();
    },
  };
}
