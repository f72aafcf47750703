import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startLocalPostgres, type LocalPostgres } from '@emissor/local-postgres';
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
  /** Stops and starts again (on the same folder and port when it was started persistent). */
  server: Pick<LocalPostgres, 'start' | 'stop'>;
  port: number;
  /** URL of the `postgres` database, with rights to create others. */
  adminUrl: string;
  /** Deletes the data folder (stop the server first). */
  removeData: () => void;
}

/**
 * A real PostgreSQL for tests (the API's, the local SEFAZ's, the bench's), from the same binaries
 * the API embeds, in a temp folder on a free port. Durability is not under test: fsync is off for
 * speed. `persistent: false` deletes the data when the server stops.
 */
export async function startThrowawayPostgres(options: {
  maxConnections: number;
  persistent: boolean;
}): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-test-pg-'));
  // As root the server runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const server = await startLocalPostgres({
    databaseDir: join(dir, 'data'),
    port: await freePort(),
    password: 'emissor-test',
    persistent: options.persistent,
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: String(options.maxConnections),
    },
  });
  return {
    server,
    port: server.port,
    adminUrl: server.url(),
    removeData: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A new database on the server of `adminUrl`; returns its URL. Empty, or with `template` a copy of
 * that database (which must have no open connection), its own settings included: CREATE DATABASE
 * copies the tables but not what ALTER DATABASE … SET stored on the template.
 */
export async function createDatabase(
  adminUrl: string,
  prefix = 'emissor_t',
  template?: string,
): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (!template) {
      await client.query(`create database ${name}`);
    } else {
      await client.query(`create database ${name} template ${client.escapeIdentifier(template)}`);
      const { rows } = await client.query<{ setting: string }>(
        `select unnest(setconfig) as setting from pg_db_role_setting
         where setrole = 0 and setdatabase = (select oid from pg_database where datname = $1)`,
        [template],
      );
      for (const { setting } of rows) {
        const equals = setting.indexOf('=');
        const key = setting.slice(0, equals);
        const value = client.escapeLiteral(setting.slice(equals + 1));
        await client.query(`alter database ${name} set ${key} = ${value}`);
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
