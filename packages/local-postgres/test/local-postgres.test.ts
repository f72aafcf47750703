import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { createDatabaseIfMissing, startLocalPostgres } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'local-postgres-'));
// As root the server runs as the `postgres` user, which must be able to enter the folder.
chmodSync(dir, 0o755);
// A server just stopped may still be removing its files: retry instead of failing the file.
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function databases(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

describe('startLocalPostgres', () => {
  it('starts a cluster on a new folder, reuses it from a second start, and keeps it across restarts', async () => {
    const databaseDir = join(dir, 'postgres');
    const options = { databaseDir, password: 'p@ss/word', persistent: true };
    const first = await startLocalPostgres({ ...options, port: await freePort() });
    try {
      expect(first.startedHere).toBe(true);
      await createDatabaseIfMissing(first.url(), 'app');
      await createDatabaseIfMissing(first.url(), 'app');
      expect(await databases(first.url('app'))).toContain('app');

      // Another process on the same folder (the admin CLI beside the API): the running server.
      const second = await startLocalPostgres({ ...options, port: await freePort() });
      expect(second.startedHere).toBe(false);
      expect(second.port).toBe(first.port);
      await second.stop();
      expect(await databases(first.url())).toContain('app');

      await first.stop();
      await first.start();
      expect(await databases(first.url())).toContain('app');
    } finally {
      await first.stop();
    }
    expect(existsSync(join(databaseDir, 'PG_VERSION'))).toBe(true);
  });

  it('says which folder and port it could not start on, with the hint it was given', async () => {
    // Another program listening on the port.
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(
        startLocalPostgres({
          databaseDir: join(dir, 'other'),
          password: 'x',
          persistent: false,
          port,
          hint: 'set THE_PORT',
        }),
      ).rejects.toThrow(
        /^could not start the embedded PostgreSQL in .*other on port \d+ .*; set THE_PORT$/,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
