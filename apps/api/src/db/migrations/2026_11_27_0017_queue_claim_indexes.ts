import { sql, type Kysely } from 'kysely';

// Migration 0008 gave transmission_queue no index but its primary key, so that every attempt's
// update would be HOT, and let each claim read the whole table, "cheap because only in-flight
// documents are in it". Measured under load (bench/results/comparisons.md), the table is not that small:
// a deleted or updated row's space on a page is reused by later inserts only once vacuum has
// recorded it in the free-space map, and autovacuum visits a database at most once a minute
// (autovacuum_naptime, a server setting). So between passes every queued document takes fresh
// space at the end of the table, and a pass never gives back the pages of a burst. At 200 NF-e/s
// with some 400 documents in flight, the table grew by ~7 pages a second to 762 pages in two
// minutes, and every claim (several a second per API process) read all of them: 0.4–7 ms of
// PostgreSQL per claim, growing for as long as the load lasts. After an outage of SEFAZ, the
// backlog's pages would be scanned by every claim from then on.
//
// One partial index per claim, on the order it takes rows in, makes a claim read the due rows of
// its own kind and the index entries left since the last vacuum, not the table's past. A row is in
// exactly one of them at a time (never sent; sent without a recibo; waiting on a recibo). The
// price: an attempt's update changes `available_at`, so it is no longer HOT and writes one entry in
// the primary key and one in the index of the row's kind; PostgreSQL's bottom-up deletion clears
// the primary key's old versions as they pile up. (The event and inutilização queues of 0009 and
// 0010 are built like 0008; their rows come from cancelamentos, cartas de correção and rejected
// numbers, not from every document.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transmission_queue_fresh on transmission_queue (available_at)
    where not sent`.execute(db);
  await sql`create index transmission_queue_resumed on transmission_queue (available_at)
    where sent and recibo is null`.execute(db);
  await sql`create index transmission_queue_receipts on transmission_queue (available_at)
    where recibo is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transmission_queue_receipts`.execute(db);
  await sql`drop index transmission_queue_resumed`.execute(db);
  await sql`drop index transmission_queue_fresh`.execute(db);
}
