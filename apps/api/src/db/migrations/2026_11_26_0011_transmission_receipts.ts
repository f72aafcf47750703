import { sql, type Kysely } from 'kysely';

// Asynchronous lots (issue #16): the receipt of a lot is polled at a pace SEFAZ tolerates
// (sefaz.md §7: at most 40 consultations of one recibo an hour), which needs to know since when
// the lot has been waiting and the average time SEFAZ announced for it. Columns without an index,
// so the queue's updates stay HOT (see 0008).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table transmission_queue
      -- When SEFAZ answered the lot with this recibo (103): polls are spaced from here.
      add column recibo_at timestamptz,
      -- The lot's tMed (seconds, from the 103 answer): never poll sooner than this.
      add column t_med integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transmission_queue drop column recibo_at, drop column t_med`.execute(db);
}
