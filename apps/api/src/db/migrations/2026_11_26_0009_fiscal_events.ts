import { sql, type Kysely } from 'kysely';

// docs/api-rules.md "Events and inutilização": cancellations (110111) and cartas de correção (110110) of
// a document, each stored with its signed `evento` before anything is sent.
//
// The record is written twice (insert, final status); the churn of attempts lives in its own queue
// table, built like transmission_queue (migration 0008, issue #21): a row per event still in
// transmission, deleted in the commit that stores the final status, fillfactor 50 so an attempt's
// update is a HOT update, the primary key (never updated) as the only index, and autovacuum after
// a fixed number of dead rows without cost delay.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fiscal_events (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id),
      document_id uuid not null references documents (id),
      tipo varchar(20) not null check (tipo in ('cancelamento', 'carta_correcao')),
      -- nSeqEvento: 1 for a cancellation, 1–20 for cartas de correção (sefaz.md §4.1).
      sequencia smallint not null check (sequencia between 1 and 20),
      status varchar(12) not null default 'processando'
        check (status in ('processando', 'registrado', 'rejeitado')),
      protocolo varchar(20),
      registrado_em timestamptz,
      rejeicao_codigo varchar(10),
      rejeicao_motivo varchar(500),
      idempotency_key varchar(255) not null,
      request_fingerprint char(64) not null,
      -- The signed evento, sent byte for byte on every attempt.
      evento_xml text not null,
      -- procEventoNFe (the evento and SEFAZ's retEvento) once registered.
      proc_xml text,
      created_at timestamptz not null default now(),
      constraint fiscal_events_product_idempotency_key unique (product_id, idempotency_key)
    )`.execute(db);
  // The rules "one cancellation per document" and "one CC-e per sequence number" under any
  // concurrency: a refused event (rejeitado) was never registered at SEFAZ, so it frees its number
  // (a cancellation may be asked again; the next CC-e reuses the sequence).
  await sql`create unique index fiscal_events_live_sequence on fiscal_events
    (document_id, tipo, sequencia) where status <> 'rejeitado'`.execute(db);
  // GET /v1/documentos/{id}/eventos, oldest first.
  await sql`create index fiscal_events_document on fiscal_events (document_id, created_at, id)`.execute(
    db,
  );

  await sql`
    create table fiscal_event_queue (
      event_id uuid primary key references fiscal_events (id),
      -- Attempts claimed so far; the fence a result is stored under.
      attempts integer not null default 0,
      -- The evento may have reached SEFAZ: consult the chave before sending it again.
      sent boolean not null default false,
      last_cstat varchar(4),
      last_error varchar(500),
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table fiscal_event_queue`.execute(db);
  await sql`drop table fiscal_events`.execute(db);
}
