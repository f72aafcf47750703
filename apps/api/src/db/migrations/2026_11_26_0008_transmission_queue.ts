import { sql, type Kysely } from 'kysely';

// docs/api-rules.md "Transmission to SEFAZ". The queue holds only documents still in transmission (a
// row is deleted in the commit that stores the document's final status), so it stays small while
// every row is updated once per attempt. Built for that churn (issue #21: a hot row updated per
// batch piled up dead versions):
// - fillfactor 50 leaves room on each page, so an attempt's update is a HOT update on the same page;
// - the only index is the primary key on `document_id`, a column never updated: no attempt ever
//   writes an index entry, and HOT pruning reclaims old versions without a vacuum. The claim reads
//   the table in full, which is cheap because only in-flight documents are in it;
// - autovacuum is asked to run after a fixed number of dead rows rather than a share of a table
//   that is mostly empty, without the cost delay that would let a backlog outrun it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table transmission_queue (
      document_id uuid primary key references documents (id),
      -- Attempts claimed so far; also the fence: a worker stores its result only while the row
      -- still shows the attempt it claimed (a lease that ran out was claimed again by another).
      attempts integer not null default 0,
      -- An enviNFe of this document may have reached SEFAZ: consult the chave before any resend.
      -- Set by the claim, before the send; never reset.
      sent boolean not null default false,
      -- The receipt of an asynchronous answer (103) still to be asked for with NFeRetAutorizacao4.
      recibo varchar(20),
      -- The last cStat SEFAZ answered (539 resolved by a consultation that finds nothing is final).
      last_cstat varchar(4),
      last_error varchar(500),
      -- When the row may be claimed: now, after a back-off, or when a claimed attempt's lease ends.
      available_at timestamptz not null default now(),
      enqueued_at timestamptz not null default now()
    ) with (
      fillfactor = 50,
      autovacuum_vacuum_scale_factor = 0,
      autovacuum_vacuum_threshold = 500,
      autovacuum_vacuum_cost_delay = 0,
      autovacuum_analyze_scale_factor = 0,
      autovacuum_analyze_threshold = 500
    )`.execute(db);

  // Written once, when SEFAZ answers with a protocol (autorizada, denegada): the protNFe as SEFAZ
  // sent it and the nfeProc GET …/xml serves from then on.
  await sql`
    create table document_protocols (
      document_id uuid primary key references documents (id),
      prot_nfe text not null,
      nfe_proc text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table document_protocols`.execute(db);
  await sql`drop table transmission_queue`.execute(db);
}
