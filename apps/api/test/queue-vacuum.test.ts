// The API vacuums its work queues itself (queue/queue-vacuum.ts). Each document leaves several dead
// row versions in transmission_queue within seconds, and until a vacuum records their space every
// queued document takes new space at the table's end; autovacuum's visits depend on the server's
// settings and on its other tables. These tests churn the real queue table with autovacuum off.
import { connect, createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  QUEUE_VACUUM_LOCK,
  startQueueVacuum,
  type QueueVacuum,
  type QueueVacuumOptions,
} from '../src/queue/queue-vacuum.js';
import { createLogger } from '../src/logging/logger.js';
import { insertDocumentCopies } from './helpers/document-copies.js';
import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { untilDocumentsFinal } from './helpers/local-sefaz.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { startSimulatorServer } from './helpers/simulator-server.js';

const LOT = 50;
const DOCUMENTS = 2_000;

let server: TestServer;
// The churn's connection, and the one the tests read statistics with.
let churner: pg.Pool;
let reader: pg.Pool;
let documentIds: string[] = [];
let round = 0;

beforeAll(async () => {
  // No first statistics from the server: once the 2,000 copies are in, a check of its that comes
  // before the test's own analyze would start an ANALYZE, which may still run during the churn and
  // whose snapshot would keep a lot's dead rows from the vacuums.
  server = await startTestServer({ firstStatistics: { afterRows: 1e9 } });
  churner = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  reader = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  const version = await reader.query<{ v: string }>(
    `select current_setting('server_version_num') as v`,
  );
  if (Number(version.rows[0]!.v) < 150000) return; // pg_stat_force_next_flush: see below
  const product = await server.newProduct();
  const refs = { tenant_ref: 'queue-vacuum', branch_ref: 'b1' };
  await prepareBranch(server.url, product, refs);
  const emitted = await emitDocument(product.client, emissionRequest(refs));
  // Copies of the emitted document, for the queue rows to point at.
  documentIds = await insertDocumentCopies(churner, emitted.id, {
    count: DOCUMENTS,
    afterNumero: 100000,
    keyPrefix: 'copy-',
    status: 'autorizada',
  });
  await churner.query('alter table transmission_queue set (autovacuum_enabled = false)');
  // Their statistics now, so that autovacuum does not run an ANALYZE of them mid-test either.
  await churner.query('analyze documents');
});

afterAll(async () => {
  await churner?.end();
  await reader?.end();
  await server?.close();
});

const skipBefore15 = (ctx: { skip: (note: string) => void }) => {
  // The churning backend's counters reach the shared statistics when it goes idle, within a
  // second; pg_stat_force_next_flush (PostgreSQL 15) makes it at once, so the tests need no sleeps.
  if (documentIds.length === 0) ctx.skip('pg_stat_force_next_flush needs PostgreSQL 15 or later');
};

/**
 * One lot through the queue as transmission moves it: queued, claimed and sent, given a recibo,
 * settled. Three row versions and their index entries are left dead.
 */
async function churnOneLot(): Promise<void> {
  const start = (round++ * LOT) % DOCUMENTS;
  const ids = documentIds.slice(start, start + LOT);
  await churner.query(
    `with queued as (insert into transmission_queue (document_id) select unnest($1::uuid[]))
     select 1`,
    [ids],
  );
  await churner.query(
    `update transmission_queue set sent = true, attempts = 1,
            available_at = now() + interval '1 minute' where document_id = any($1)`,
    [ids],
  );
  await churner.query(
    `update transmission_queue set recibo = '3510000000' || $2::int, recibo_at = now(), t_med = 1,
            available_at = now() where document_id = any($1)`,
    [ids, round],
  );
  await churner.query('delete from transmission_queue where document_id = any($1)', [ids]);
  await churner.query('select pg_stat_force_next_flush()');
}

interface TableNow {
  pages: number;
  vacuums: number;
  dead: number;
}

async function queueTable(on: pg.Pool = reader): Promise<TableNow> {
  await on.query('select pg_stat_clear_snapshot()');
  const { rows } = await on.query<TableNow>(
    `select pg_relation_size(relid)::int / current_setting('block_size')::int as pages,
            vacuum_count::int as vacuums, n_dead_tup::int as dead
     from pg_stat_user_tables where relname = 'transmission_queue'`,
  );
  return rows[0]!;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function logLines(level: 'debug' | 'info' = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger(level, sink) };
}

const quick: QueueVacuumOptions = { afterDeadRows: 100, minIntervalMs: 0, everyMs: 10 };

describe('the API vacuums the work queues', () => {
  it('keeps a churning queue table to the pages of its last few lots, with autovacuum off', async (ctx) => {
    skipBefore15(ctx);
    const { logger } = logLines();
    // Any dead row is due: on a slow machine the churn's counters can reach the statistics mid-lot,
    // and a pass that starts then leaves the rest of the lot for the next one.
    const keeper = startQueueVacuum(reader, logger, { ...quick, afterDeadRows: 1 });
    const at0 = await queueTable();
    try {
      for (let i = 0; i < 40; i++) {
        const before = await queueTable();
        await churnOneLot();
        // The lot's space is free again once a pass after it found nothing left to remove.
        const after = await until(queueTable, (t) => t.vacuums > before.vacuums && t.dead === 0);
        expect(after.vacuums, `lot ${i}: no vacuum came`).toBeGreaterThan(before.vacuums);
        expect(after.dead, `lot ${i}: dead rows left`).toBe(0);
      }
    } finally {
      keeper.stop();
    }
    const kept = await queueTable();
    expect(kept.dead).toBeLessThan(100);

    // The same churn without it: every lot takes new pages.
    for (let i = 0; i < 40; i++) await churnOneLot();
    const grown = await queueTable();
    expect(grown.vacuums).toBe(kept.vacuums);
    const context = JSON.stringify({ at0, kept, grown });
    expect(kept.pages - at0.pages, context).toBeLessThanOrEqual(4);
    expect(grown.pages - kept.pages, context).toBeGreaterThan(20);
    await reader.query('vacuum transmission_queue');
  });

  it('does not wait behind a lock on the table, and vacuums once it is free', async (ctx) => {
    skipBefore15(ctx);
    const locker = await churner.connect();
    let keeperPool: pg.Pool | undefined;
    let keeper: QueueVacuum | undefined;
    const { lines, logger } = logLines();
    try {
      await locker.query('begin');
      // What another VACUUM, an ANALYZE or an index build would hold.
      await locker.query('lock table transmission_queue in share update exclusive mode');
      const before = await queueTable();
      // Dead rows without the churner's connection (the locker holds it): a lot from the reader.
      const ids = documentIds.slice(0, LOT);
      await reader.query('insert into transmission_queue (document_id) select unnest($1::uuid[])', [
        ids,
      ]);
      await reader.query('update transmission_queue set attempts = 1 where document_id = any($1)', [
        ids,
      ]);
      await reader.query('delete from transmission_queue where document_id = any($1)', [ids]);
      await reader.query('select pg_stat_force_next_flush()');
      keeperPool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
      keeper = startQueueVacuum(keeperPool, logger, { ...quick, afterDeadRows: 50 });
      const tried = () => lines.filter((l) => l.msg === 'queue table vacuum ended').length;
      await until(
        () => Promise.resolve(tried()),
        (n) => n >= 3,
      );
      // Three attempts came back while the lock was held: none waited for it, none vacuumed.
      expect(tried()).toBeGreaterThanOrEqual(3);
      expect((await queueTable()).vacuums).toBe(before.vacuums);
      await locker.query('commit');
      const after = await until(queueTable, (t) => t.vacuums > before.vacuums);
      keeper.stop();
      expect(after.vacuums).toBe(before.vacuums + 1);
    } finally {
      keeper?.stop();
      await locker.query('rollback').catch(() => undefined);
      locker.release();
      await keeperPool?.end();
    }
  });

  it('vacuums a table at most once per interval, however many processes look', async (ctx) => {
    skipBefore15(ctx);
    const pools = [1, 2, 3].map(
      () => new pg.Pool({ connectionString: server.databaseUrl, max: 1 }),
    );
    const { logger } = logLines();
    const before = await queueTable();
    const keepers = pools.map((pool) =>
      startQueueVacuum(pool, logger, { afterDeadRows: 1, minIntervalMs: 1_000, everyMs: 5 }),
    );
    const started = Date.now();
    while (Date.now() - started < 2_500) await churnOneLot();
    for (const keeper of keepers) keeper.stop();
    const after = await queueTable();
    await Promise.all(pools.map((pool) => pool.end()));
    // At 0, 1 and 2 s (and a fourth if the first pass ended late); each process alone would have
    // vacuumed every few milliseconds.
    expect(after.vacuums - before.vacuums).toBeGreaterThanOrEqual(2);
    expect(after.vacuums - before.vacuums).toBeLessThanOrEqual(4);
  });

  it('is vacuumed by one of several processes that find it due at the same moment', async (ctx) => {
    skipBefore15(ctx);
    // A table no vacuum has visited, so that it is due at once; the keepers' interval is longer
    // than the test. Each keeper reads `last_vacuum` and then vacuums: without one process at a
    // time, another could read it before the first pass ends and vacuum again once it has. The
    // test holds the keepers' lock first, as a process in the middle of its look would.
    const table = `vacuum_probe_${process.pid}`;
    await reader.query(`create table ${table} (id int) with (autovacuum_enabled = false)`);
    const pools = [1, 2, 3, 4].map(
      () => new pg.Pool({ connectionString: server.databaseUrl, max: 1 }),
    );
    const keepers: QueueVacuum[] = [];
    let holder: pg.PoolClient | undefined;
    try {
      await reader.query(`insert into ${table} select generate_series(1, 20000)`);
      await reader.query(`delete from ${table}`);
      await reader.query('select pg_stat_force_next_flush()');
      // Connected first, so that the keepers start together.
      await Promise.all(pools.map(async (pool) => (await pool.connect()).release()));
      holder = await churner.connect();
      await holder.query('select pg_advisory_lock($1)', [QUEUE_VACUUM_LOCK]);
      const { logger } = logLines();
      for (const pool of pools)
        keepers.push(
          startQueueVacuum(pool, logger, {
            afterDeadRows: 1,
            minIntervalMs: 60_000,
            everyMs: 5,
            tables: [table],
          }),
        );
      const probe = async () => {
        await reader.query('select pg_stat_clear_snapshot()');
        const { rows } = await reader.query<{ vacuums: number }>(
          `select vacuum_count::int as vacuums from pg_stat_user_tables where relname = $1`,
          [table],
        );
        return rows[0]!.vacuums;
      };
      await new Promise((resolve) => setTimeout(resolve, 200));
      const whileHeld = await probe();
      await holder.query('select pg_advisory_unlock($1)', [QUEUE_VACUUM_LOCK]);
      holder.release();
      holder = undefined;
      expect(whileHeld).toBe(0);
      await until(probe, (n) => n > 0);
      // Some two hundred more looks by the four of them.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await probe()).toBe(1);
    } finally {
      holder?.release(true); // closing the connection gives its lock back
      for (const keeper of keepers) keeper.stop();
      await Promise.all(pools.map((pool) => pool.end()));
      await reader.query(`drop table if exists ${table}`);
    }
  });

  it('goes on after an error: it warns, backs off and vacuums once the database answers', async (ctx) => {
    skipBefore15(ctx);
    // A door to PostgreSQL that first hangs up on every connection, as a database restarting does.
    const database = new URL(server.databaseUrl);
    let open = false;
    const door = createServer((socket) => {
      if (!open) return socket.destroy();
      const upstream = connect(Number(database.port), database.hostname);
      socket.pipe(upstream).pipe(socket);
      const close = () => (socket.destroy(), upstream.destroy());
      socket.on('error', close);
      upstream.on('error', close);
    });
    await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
    const through = new URL(server.databaseUrl);
    through.host = `127.0.0.1:${(door.address() as AddressInfo).port}`;
    const pool = new pg.Pool({ connectionString: through.toString(), max: 1 });
    pool.on('error', () => {});
    const { lines, logger } = logLines();
    const keeper = startQueueVacuum(pool, logger, { ...quick, afterDeadRows: 1 });
    try {
      const warned = () => lines.filter((l) => l.msg === 'queue tables not vacuumed').length;
      await until(
        () => Promise.resolve(warned()),
        (n) => n >= 2,
      );
      expect(warned()).toBeGreaterThanOrEqual(2);
      const before = await queueTable();
      await churnOneLot();
      open = true;
      const after = await until(queueTable, (t) => t.vacuums > before.vacuums);
      expect(after.vacuums).toBeGreaterThan(before.vacuums);
    } finally {
      keeper.stop();
      await pool.end();
      door.close();
    }
  });

  it('leaves a warning, not an error, when the role does not own the queue tables', async (ctx) => {
    skipBefore15(ctx);
    const role = `emissor_queue_reader_${process.pid}`;
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    let other: pg.Pool | undefined;
    try {
      try {
        await admin.query(`create role ${role} login password 'reader'`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error;
        ctx.skip('the test database role may not create roles (CREATEROLE)');
      }
      await admin.query(`grant select on all tables in schema public to ${role}`);
      await churnOneLot();
      const before = await queueTable();
      const url = new URL(server.databaseUrl);
      url.username = role;
      url.password = 'reader';
      other = new pg.Pool({ connectionString: url.toString(), max: 1 });
      const { lines, logger } = logLines('info');
      const keeper = startQueueVacuum(other, logger, { ...quick, afterDeadRows: 1 });
      await until(
        () => Promise.resolve(lines.length),
        (n) => n > 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      keeper.stop();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 40,
        msg: expect.stringMatching(/not vacuumed by the API: the database role does not own/),
      });
      expect((await queueTable()).vacuums).toBe(before.vacuums);
    } finally {
      await other?.end();
      await admin.query(`drop owned by ${role}`).catch(() => undefined);
      await admin.query(`drop role if exists ${role}`).catch(() => undefined);
      await admin.end();
    }
  });

  it('is what a server transmitting to SEFAZ does as its documents go through', async (ctx) => {
    skipBefore15(ctx);
    const transmitting = await startSimulatorServer({
      queueVacuum: { afterDeadRows: 10, minIntervalMs: 0, everyMs: 20 },
    });
    const stats = new pg.Pool({ connectionString: transmitting.databaseUrl, max: 1 });
    try {
      const product = await transmitting.newProduct();
      const refs = { tenant_ref: 'queue-vacuum', branch_ref: 'sefaz' };
      await prepareBranch(transmitting.url, product, refs);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++)
        ids.push((await emitDocument(product.client, emissionRequest(refs))).id);
      const final = await untilDocumentsFinal(product.client, ids);
      expect(final.map((d) => d.status)).toEqual(ids.map(() => 'autorizada'));
      // vacuum_count counts the passes sessions ran (autovacuum's have a count of their own).
      const table = await until(
        () => queueTable(stats),
        (t) => t.vacuums > 0,
      );
      expect(table.vacuums).toBeGreaterThan(0);
    } finally {
      await stats.end();
      await transmitting.close();
    }
  });
});
