// Migration 0015 sets backend_flush_after on Emissor's database (issue #21). Only the database's
// owner may: for any other role the migration must go on, leaving a warning, and change nothing.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { up } from '../src/db/migrations/2026_11_27_0015_database_write_back.js';
import { createTestDatabase, databaseSettings } from './helpers/database.js';

const ROLE = `emissor_not_owner_${process.pid}`;
const PASSWORD = 'not-the-owner';
let databaseUrl: string;
let admin: pg.Client;
/** A DATABASE_URL may create databases without being allowed to create roles. */
let roleCreated = false;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create role ${ROLE} login password '${PASSWORD}'`);
    roleCreated = true;
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
  }
});

afterAll(async () => {
  if (roleCreated) await admin.query(`drop role if exists ${ROLE}`);
  await admin?.end();
});

describe('migration 0015 (backend_flush_after on the database)', () => {
  it('goes on without the setting, with a warning, for a role that does not own the database', async (ctx) => {
    if (!roleCreated) ctx.skip('the test database role may not create roles (CREATEROLE)');
    const url = new URL(databaseUrl);
    url.username = ROLE;
    url.password = PASSWORD;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const warnings: string[] = [];
    pool.on('connect', (client) =>
      client.on('notice', (notice) => warnings.push(notice.message ?? '')),
    );
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      await expect(up(db)).resolves.toBeUndefined();
    } finally {
      await db.destroy();
    }
    expect(warnings.join('\n')).toMatch(/could not set backend_flush_after/);
    expect(await databaseSettings(admin)).toEqual([]);
  });

  it("sets it for the database's owner", async () => {
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }),
      }),
    });
    try {
      await up(db);
      // The session that ran the migration stays in the API's pool: it has the setting as well.
      const { rows } = await sql<{ value: string }>`
        select current_setting('backend_flush_after') as value`.execute(db);
      expect(rows[0]!.value).toBe('256kB');
    } finally {
      await db.destroy();
    }
    expect(await databaseSettings(admin)).toEqual(['backend_flush_after=256kB']);
  });
});
