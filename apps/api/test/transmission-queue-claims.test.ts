// Migration 0017: a claim reads the due rows of its own kind, not the transmission queue's past.
// Space that deleted rows leave on a page is reused only after vacuum has recorded it, and
// autovacuum comes by at most once a minute, so under load the table grows by every queued
// document until then and keeps the pages of a burst for good. A claim that scans the table pays
// for all of them, several times a second, for as long as the process runs.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPgTransmissionStore } from '../src/modules/transmission/pg-transmission-store.js';
import { insertDocumentCopies } from './helpers/document-copies.js';
import { emissionRequest, emitDocument, prepareBranch } from './helpers/emission.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let pool: pg.Pool;
const documentIds: string[] = [];
const LEASE_MS = 60_000;

beforeAll(async () => {
  // No first statistics from the server: its ANALYZE of the 6,000 documents stored below holds a
  // snapshot, and a VACUUM that runs meanwhile must keep every row deleted after it began.
  server = await startTestServer({ firstStatistics: { afterRows: 1e9 } });
  // One connection: the claims and the statistics they leave come from the same backend.
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  const product = await server.newProduct();
  const refs = { tenant_ref: 'queue-claims', branch_ref: 'b1' };
  await prepareBranch(server.url, product, refs);
  for (let i = 0; i < 12; i++)
    documentIds.push((await emitDocument(product.client, emissionRequest(refs))).id);
});

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

/** Blocks of transmission_queue and its indexes this database has read so far. */
async function queueBlocks(): Promise<number> {
  // The claiming backend's counters reach the shared statistics when it goes idle; this makes
  // that happen at once instead of within the second, and a new snapshot reads them.
  await pool.query('select pg_stat_force_next_flush()');
  await pool.query('select pg_stat_clear_snapshot()');
  const { rows } = await pool.query<{ blocks: string }>(
    `select heap_blks_hit + heap_blks_read + idx_blks_hit + idx_blks_read as blocks
     from pg_statio_user_tables where relname = 'transmission_queue'`,
  );
  return Number(rows[0]!.blocks);
}

/**
 * VACUUM until it removed every dead row. One that runs while any transaction of this database
 * holds an older snapshot (an ANALYZE among them) keeps the rows deleted since, with their index
 * entries, and the claims below would walk them: that is not what this test measures.
 */
async function vacuumCompletely(): Promise<void> {
  let dead = -1;
  for (let attempt = 0; attempt < 50; attempt++) {
    await pool.query('vacuum transmission_queue');
    await pool.query('select pg_stat_clear_snapshot()');
    const { rows } = await pool.query<{ dead: string }>(
      `select n_dead_tup as dead from pg_stat_user_tables where relname = 'transmission_queue'`,
    );
    dead = Number(rows[0]!.dead);
    if (dead === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vacuum left ${dead} dead rows in transmission_queue for 10 s`);
}

async function tablePages(): Promise<number> {
  const { rows } = await pool.query<{ pages: string }>(
    `select pg_relation_size('transmission_queue') / current_setting('block_size')::int as pages`,
  );
  return Number(rows[0]!.pages);
}

/**
 * Twelve documents in flight, three due of each kind: never sent, sent with an unknown outcome
 * (consulted before any resend), waiting on a recibo; and one of each kind not due for an hour.
 */
async function queueInFlight(): Promise<void> {
  const kinds = ['fresh', 'resumed', 'receipt'];
  await pool.query('delete from transmission_queue where document_id = any($1)', [documentIds]);
  await pool.query(
    `insert into transmission_queue (document_id, sent, recibo, recibo_at, t_med, available_at)
     select id, kind <> 'fresh', case when kind = 'receipt' then '351000000000001' end,
            case when kind = 'receipt' then now() end, case when kind = 'receipt' then 1 end,
            case when due then now() else now() + interval '1 hour' end
     from unnest($1::uuid[], $2::text[], $3::boolean[]) as t(id, kind, due)`,
    [
      documentIds,
      documentIds.map((_, i) => kinds[i < 9 ? Math.floor(i / 3) : i - 9]),
      documentIds.map((_, i) => i < 9),
    ],
  );
}

const ids = (claimed: { documentId: string }[]) => claimed.map((c) => c.documentId).sort();

describe('transmission queue claims (migration 0017)', () => {
  it('read the due rows of their kind, not every page the queue has ever filled', async () => {
    const { rows } = await pool.query<{ version: string }>(
      `select current_setting('server_version_num') as version`,
    );
    if (Number(rows[0]!.version) < 150000) {
      console.warn('skipped: pg_stat_force_next_flush needs PostgreSQL 15 or later');
      return;
    }
    // A burst: 6,000 documents went through the queue (queued, claimed, given a recibo, settled),
    // each taking new space and leaving it dead, and then autovacuum came by; the last 50 wait on
    // their recibo still. Their rows in `documents` are copies of an emitted one. (Autovacuum is
    // held off, and the pass is run here, so that nothing else tidies up mid-test.)
    await pool.query('alter table transmission_queue set (autovacuum_enabled = false)');
    // Nor may autovacuum analyze the copies: its ANALYZE would hold a snapshot as the server's would.
    await pool.query('alter table documents set (autovacuum_enabled = false)');
    await insertDocumentCopies(pool, documentIds[0]!, {
      count: 6000,
      afterNumero: 100000,
      keyPrefix: 'past-',
      status: 'autorizada',
    });
    await pool.query(
      `do $$ declare ids uuid[]; begin
         for batch in 0..119 loop
           select array_agg(id) into ids from documents
           where idempotency_key like 'past-%'
             and numero between 100001 + batch * 50 and 100050 + batch * 50;
           insert into transmission_queue (document_id) select unnest(ids);
           update transmission_queue set sent = true, attempts = 1,
                  available_at = now() + interval '1 minute' where document_id = any(ids);
           update transmission_queue set recibo = '35100000000' || batch, recibo_at = now(),
                  t_med = 1, available_at = now() where document_id = any(ids);
           if batch < 119 then
             delete from transmission_queue where document_id = any(ids);
           else -- the burst's last lot is still waiting, at the end of the table
             update transmission_queue set available_at = now() + interval '1 hour'
             where document_id = any(ids);
           end if;
         end loop;
       end $$`,
    );
    await vacuumCompletely();
    const [fresh, resumed, receipts] = [0, 3, 6].map((i) => documentIds.slice(i, i + 3));
    await queueInFlight();
    await pool.query('analyze transmission_queue');
    const pages = await tablePages();
    expect(pages).toBeGreaterThan(150);

    const queue = createPgTransmissionStore(pool);
    const claims = [
      { name: 'fresh', claim: () => queue.claimFresh(50, LEASE_MS), expected: fresh! },
      { name: 'resumed', claim: () => queue.claimResumed(50, LEASE_MS), expected: resumed! },
      { name: 'receipts', claim: () => queue.claimReceipts(8, LEASE_MS), expected: receipts! },
    ];
    const blocks: Record<string, number> = {};
    for (const { name, claim, expected } of claims) {
      const before = await queueBlocks();
      const claimed = await claim();
      blocks[name] = (await queueBlocks()) - before;
      expect({ name, claimed: ids(claimed) }).toEqual({ name, claimed: [...expected].sort() });
    }
    // Then the queue as it runs: nothing of any kind is due, then three more of each are.
    const idle = await queueBlocks();
    expect(await queue.claimFresh(50, LEASE_MS)).toEqual([]);
    expect(await queue.claimResumed(50, LEASE_MS)).toEqual([]);
    expect(await queue.claimReceipts(8, LEASE_MS)).toEqual([]);
    blocks.idle = (await queueBlocks()) - idle;
    await queueInFlight();
    for (const { name, claim, expected } of claims) {
      const before = await queueBlocks();
      const claimed = await claim();
      blocks[`${name} again`] = (await queueBlocks()) - before;
      expect({ name, claimed: ids(claimed) }).toEqual({ name, claimed: [...expected].sort() });
    }
    // Heap and index blocks together. A claim reads the index down to its due rows, their pages,
    // and what writing their claimed versions takes: some fifteen blocks a row here. A scan reads
    // every page the burst left, on every claim, and more (the sort, the locks, the update).
    const context = `${JSON.stringify(blocks)} of a table of ${pages} pages`;
    expect(pages).toBeGreaterThan(200);
    for (const [name, read] of Object.entries(blocks))
      expect(read, `${name}: ${context}`).toBeLessThan(pages / 3);
  });
});

/** Queue rows of documents sent in one lot, waiting on its recibo (A, B, … name it), due in `dueIn`. */
async function waitingOnRecibo(documents: string[], recibo: string, dueIn: string): Promise<void> {
  await pool.query(
    `insert into transmission_queue (document_id, sent, attempts, recibo, recibo_at, t_med,
                                    available_at)
     select unnest($1::uuid[]), true, 1, $2, now(), 1, now() + $3::interval`,
    [documents, `35100000000000${recibo.charCodeAt(0)}`, dueIn],
  );
}

describe('receipt claims', () => {
  it('take whole lots, the recibos longest due first, as many recibos as asked', async () => {
    // 56 documents: recibo A (3, due 30 s ago), B (a full lot of 50, due 20 s ago), C (2, due
    // 10 s ago) and D (1, due in an hour). Copies of an emitted document, as above.
    await pool.query('delete from transmission_queue');
    const rows = await insertDocumentCopies(pool, documentIds[0]!, {
      count: 56,
      afterNumero: 200000,
      keyPrefix: 'recibo-',
      status: 'processando',
    });
    const lots = {
      A: rows.slice(0, 3),
      B: rows.slice(3, 53),
      C: rows.slice(53, 55),
      D: rows.slice(55),
    };
    const dueIn = { A: '-30 seconds', B: '-20 seconds', C: '-10 seconds', D: '1 hour' };
    for (const [recibo, lot] of Object.entries(lots))
      await waitingOnRecibo(lot, recibo, dueIn[recibo as keyof typeof lots]);
    const queue = createPgTransmissionStore(pool);
    const idsOf = (...names: (keyof typeof lots)[]) => names.flatMap((name) => lots[name]).sort();

    expect(ids(await queue.claimReceipts(2, LEASE_MS))).toEqual(idsOf('A', 'B'));
    expect(ids(await queue.claimReceipts(2, LEASE_MS))).toEqual(idsOf('C'));
    expect(await queue.claimReceipts(2, LEASE_MS)).toEqual([]);
    await pool.query('delete from transmission_queue');
  });

  it('take a recibo whole when only part of its lot falls in the rows they look at', async () => {
    // The claim looks at the 50 longest-due rows per recibo asked for. Recibo A: one document due
    // 60 s ago and 49 due 5 s ago (their settles were spread out); B: a full lot due 30 s ago. The
    // 50 rows looked at are A's first and 49 of B's; A is the longest due, and all of it comes.
    await pool.query('delete from transmission_queue');
    const rows = await insertDocumentCopies(pool, documentIds[0]!, {
      count: 100,
      afterNumero: 300000,
      keyPrefix: 'window-',
      status: 'processando',
    });
    const lotA = rows.slice(0, 50);
    const lotB = rows.slice(50);
    await waitingOnRecibo(lotA.slice(0, 1), 'A', '-60 seconds');
    await waitingOnRecibo(lotA.slice(1), 'A', '-5 seconds');
    await waitingOnRecibo(lotB, 'B', '-30 seconds');
    const queue = createPgTransmissionStore(pool);

    expect(ids(await queue.claimReceipts(1, LEASE_MS))).toEqual([...lotA].sort());
    expect(ids(await queue.claimReceipts(1, LEASE_MS))).toEqual([...lotB].sort());
    await pool.query('delete from transmission_queue');
  });
});
