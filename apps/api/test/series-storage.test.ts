// Issue #21: the series row is the counter every stored batch updates. Its new versions must stay
// on the row's page (HOT: no new index entries, no table growth) even while another transaction's
// snapshot keeps every old version alive, which is exactly when page pruning cannot help. With the
// default fillfactor a product's 32 series share one page with room for ~38 versions among them;
// migration 0007 leaves each page ~90 % free for versions of the few rows it holds.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseSettings } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let pool: pg.Pool;
const seriesIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  const product = await server.newProduct();
  for (let i = 0; i < 32; i++) {
    const res = await product.client.series.createSeries({
      body: { tenant_ref: 'storage', branch_ref: `branch-${i}`, serie: 1, next_number: 1 },
    });
    if (res.status !== 201) throw new Error(`series setup failed: ${res.status}`);
    seriesIds.push(res.body.id);
  }
});

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

async function page(seriesId: string): Promise<number> {
  const { rows } = await pool.query<{ block: string }>(
    `select (ctid::text::point)[0]::int8 as block from series where id = $1`,
    [seriesId],
  );
  return Number(rows[0]!.block);
}

async function tableBytes(): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    `select pg_relation_size('series') as bytes`,
  );
  return Number(rows[0]!.bytes);
}

describe('series counter storage', () => {
  it("paces autovacuum on document_xml's TOAST table (migration 0013)", async () => {
    const { rows } = await pool.query<{ options: string[] | null }>(
      `select t.reloptions as options from pg_class c join pg_class t on t.oid = c.reltoastrelid
       where c.relname = 'document_xml'`,
    );
    expect(rows[0]!.options).toEqual(['autovacuum_vacuum_cost_delay=10']);
  });

  it('paces autovacuum on document_xml itself too, where packed XML lives (migration 0016)', async () => {
    const { rows } = await pool.query<{ options: string[] | null }>(
      `select reloptions as options from pg_class where relname = 'document_xml'`,
    );
    expect(rows[0]!.options).toEqual(['autovacuum_vacuum_cost_delay=10']);
  });

  it('has every session on its database write back as it goes, autovacuum included (migration 0015)', async () => {
    // The database's own setting (pg_db_role_setting, no role): what autovacuum workers read too.
    expect(await databaseSettings(pool)).toContain('backend_flush_after=256kB');
    // A session opened after the migration, whoever opens it, starts with it.
    const { rows } = await pool.query<{ value: string }>(
      `select current_setting('backend_flush_after') as value`,
    );
    expect(rows[0]!.value).toBe('256kB');
  });

  it('keeps the storage settings of migration 0007', async () => {
    const { rows } = await pool.query<{ options: string[] }>(
      `select reloptions as options from pg_class where relname = 'series'`,
    );
    expect(rows[0]!.options).toEqual(
      expect.arrayContaining([
        'fillfactor=10',
        'autovacuum_vacuum_scale_factor=0',
        'autovacuum_vacuum_cost_delay=0',
      ]),
    );
  });

  it('50 counter updates under a held snapshot stay on the row page and grow nothing', async () => {
    const target = seriesIds[0]!;
    const before = { page: await page(target), bytes: await tableBytes() };
    const holder = await pool.connect();
    try {
      // A snapshot older than every update: none of their old versions may be pruned meanwhile.
      await holder.query('begin isolation level repeatable read');
      await holder.query('select count(*) from series');
      for (let i = 0; i < 50; i++)
        await pool.query(
          'update series set next_number = next_number + 1, updated_at = now() where id = $1',
          [target],
        );
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect({ page: await page(target), bytes: await tableBytes() }).toEqual(before);
    const { rows } = await pool.query<{ next_number: number }>(
      'select next_number from series where id = $1',
      [target],
    );
    expect(rows[0]!.next_number).toBe(51);
  });
});
