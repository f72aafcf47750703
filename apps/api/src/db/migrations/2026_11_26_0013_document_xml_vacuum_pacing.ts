import { sql, type Kysely } from 'kysely';

// Issue #21: over five minutes of sustained emissions the slowest windows (throughput down by a
// quarter to a third, p99 up to ~200 ms on a 2-core machine) are the ones in which autovacuum's
// insert-driven pass works through the TOAST table of document_xml, where every signed XML lands:
// ~600 new pages a second at 1,000 emissions/s, visited at the default cost-based pace (~4,300
// pages a second) in bursts that take CPU and WAL from the emissions running beside them.
//
// The pass is needed (it sets those pages all-visible and freezes them, so no giant
// anti-wraparound scan comes later), but nothing needs it soon: the XML is only ever read by its
// document id. So this table's TOAST is vacuumed at a fifth of the default pace (a 10 ms sleep
// per cost round instead of 2 ms, ~900 pages a second), still faster than emissions fill it, in
// a steady trickle instead of a burst. Set on the table, so it holds whatever the server's
// defaults are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_xml set (toast.autovacuum_vacuum_cost_delay = 10)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_xml reset (toast.autovacuum_vacuum_cost_delay)`.execute(db);
}
