import { sql, type Kysely } from 'kysely';

// A document whose message cannot be built (its enviNFe would pass SEFAZ's 500 KB, say) fails the
// same way on every attempt, before anything is sent. The queue counts such failures in a row, so
// that after a few the document is given a final status instead of being retried for ever
// (transmission/local-failure.ts). A column without an index, and a default that needs no rewrite.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table transmission_queue
      -- Attempts in a row that failed before sending with the same error (last_error); 0 otherwise.
      add column local_failures integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transmission_queue drop column local_failures`.execute(db);
}
