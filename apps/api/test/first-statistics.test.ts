// A new database gets its first planner statistics once it holds documents (db/first-statistics.ts).
// Without them, a connection that planned the emission lookup while the tables were empty keeps a
// plan that may read every document of the product through a list index, until something makes it
// plan again: autovacuum's first visit, up to a minute later, or never where it is turned off.
import { Writable } from 'node:stream';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startFirstStatistics } from '../src/db/first-statistics.js';
import { createLogger } from '../src/logging/logger.js';
import { emissionTargets } from '../src/modules/emissions/emission-target.js';
import { insertDocumentCopies } from './helpers/document-copies.js';
import { emissionRequest, newKey, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const TABLES = ['documents', 'document_xml', 'series', 'certificates'];
const refs = { tenant_ref: 'first-statistics', branch_ref: 'b1' };

let server: TestServer;
// One connection: the lookup's cached plan below is this backend's.
let pool: pg.Pool;

beforeAll(async () => {
  // The default number of documents; looked at every 50 ms instead of every 2 s.
  server = await startTestServer({ firstStatistics: { everyMs: 50 } });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  // Autovacuum must not gather them first: then this test could not tell whether the server did.
  for (const table of TABLES)
    await pool.query(`alter table ${table} set (autovacuum_enabled = off)`);
});

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

const tablesWithStatistics = async () => {
  const { rows } = await pool.query<{ tablename: string }>(
    `select distinct tablename from pg_stats
     where schemaname = current_schema() and tablename = any($1) order by tablename`,
    [TABLES],
  );
  return rows.map((r) => r.tablename);
};

const emit = async (
  product: Awaited<ReturnType<TestServer['newProduct']>>,
  count: number,
  at = refs,
) => {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      product.client.emissions.emit({
        headers: { 'idempotency-key': newKey() },
        body: emissionRequest(at),
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
};

describe('first planner statistics', () => {
  it('are gathered once the documents arrive, and the lookup planned on empty tables is planned again', async () => {
    const product = await server.newProduct();
    await prepareBranch(server.url, product, refs);
    // The emission lookup, seven times on empty tables: from the sixth call PostgreSQL caches a
    // generic plan for this connection's statement.
    const lookup = emissionTargets(pool);
    for (let i = 0; i < 7; i++) {
      await lookup({ productId: product.id, idempotencyKey: newKey(), serie: 1, ...toRefs() });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await tablesWithStatistics()).toEqual([]);

    await emit(product, 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await tablesWithStatistics()).toEqual([]);
    // A thousand documents and more, as a day's first hour of sales would store them.
    const { rows: emitted } = await pool.query<{ id: string }>('select id from documents limit 1');
    await insertDocumentCopies(pool, emitted[0]!.id, {
      count: 1500,
      afterNumero: 100000,
      keyPrefix: 'filler-',
    });
    // The server logs once it has checked the ANALYZE's outcome, a moment after pg_stats shows it.
    const gathered = () => server.logs.some((l) => l.includes('first planner statistics gathered'));
    const deadline = Date.now() + 10_000;
    while (!gathered() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gathered()).toBe(true);
    expect(await tablesWithStatistics()).toEqual([...TABLES].sort());

    // The statement this connection prepared before: its plan now probes the unique indexes.
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (costs off) execute emissor_find_emission_target(
         '${product.id}'::uuid, 'no-such-key', '${refs.tenant_ref}', '${refs.branch_ref}', 1)`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Scan using documents_product_idempotency_key on documents');
    expect(plan).not.toMatch(/Seq Scan on documents|Filter: .*idempotency_key/);
  });

  it('are not gathered again by a server that finds them there', async () => {
    const { rows: before } = await pool.query<{ n: number }>(
      `select analyze_count::int as n from pg_stat_user_tables where relname = 'documents'`,
    );
    const again = await startTestServer({
      databaseUrl: server.databaseUrl,
      firstStatistics: { afterRows: 1, everyMs: 50 },
    });
    try {
      const product = await again.newProduct();
      const other = { ...refs, branch_ref: 'b2' };
      await prepareBranch(again.url, product, other);
      await emit(product, 5, other);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows: after } = await pool.query<{ n: number }>(
        `select analyze_count::int as n from pg_stat_user_tables where relname = 'documents'`,
      );
      expect(after[0]?.n).toBe(before[0]?.n);
      expect(again.logs.some((l) => l.includes('first planner statistics'))).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('leave a warning, not an error, when the role does not own the tables', async (ctx) => {
    // A database of its own, full of documents and without statistics (its server gathers none).
    const other = await startTestServer({ firstStatistics: { afterRows: 1e9 } });
    const role = `emissor_stats_reader_${process.pid}`;
    const admin = new pg.Client({ connectionString: other.databaseUrl });
    await admin.connect();
    let reader: pg.Pool | undefined;
    try {
      try {
        await admin.query(`create role ${role} login password 'reader'`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error;
        ctx.skip('the test database role may not create roles (CREATEROLE)');
      }
      for (const table of TABLES)
        await admin.query(`alter table ${table} set (autovacuum_enabled = off)`);
      const product = await other.newProduct();
      await prepareBranch(other.url, product, refs);
      await emit(product, 3);
      await admin.query(`grant select on all tables in schema public to ${role}`);

      const url = new URL(other.databaseUrl);
      url.username = role;
      url.password = 'reader';
      reader = new pg.Pool({ connectionString: url.toString(), max: 1 });
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      const watcher = startFirstStatistics(reader, createLogger('info', sink), {
        afterRows: 3,
        everyMs: 20,
      });
      const deadline = Date.now() + 5_000;
      while (lines.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      watcher.stop();
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 40,
        msg: expect.stringMatching(/not gathered: the database role does not own/),
      });
      const { rows } = await admin.query(
        `select 1 from pg_stats where schemaname = 'public' and tablename = 'documents'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await reader?.end();
      await admin.query(`drop owned by ${role}`).catch(() => undefined);
      await admin.query(`drop role if exists ${role}`).catch(() => undefined);
      await admin.end();
      await other.close();
    }
  });
});

const toRefs = () => ({ tenantRef: refs.tenant_ref, branchRef: refs.branch_ref });
