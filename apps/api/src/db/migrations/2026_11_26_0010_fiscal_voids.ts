import { sql, type Kysely } from 'kysely';

// docs/api-rules.md "Events and inutilização": inutilizações of a series' numbers, asked by the product
// (origem `manual`) or stored with a document's rejection (origem `rejeicao`, "Transmission to
// SEFAZ"). A manual one is stored signed; an automatic one is stored by the statement that stores
// the rejection (SQL, no certificate at hand) and signed by its first attempt, before the send.
// The attempts live in a queue table built like transmission_queue (see migration 0009).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fiscal_voids (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id),
      tenant_ref varchar(64) not null,
      branch_ref varchar(64) not null,
      series_id uuid not null references series (id),
      serie integer not null,
      numero_inicial integer not null check (numero_inicial between 1 and 999999999),
      numero_final integer not null check (numero_final between 1 and 999999999),
      ambiente varchar(12) not null,
      -- The infInut fields that are not the range: IBGE UF, emitter CNPJ, two-digit year.
      cuf char(2) not null,
      cnpj varchar(14) not null,
      ano char(2) not null,
      justificativa varchar(255) not null,
      origem varchar(10) not null check (origem in ('manual', 'rejeicao')),
      -- The rejected document whose number this voids (origem rejeicao).
      document_id uuid references documents (id),
      status varchar(12) not null default 'processando'
        check (status in ('processando', 'homologada', 'rejeitada')),
      protocolo varchar(20),
      homologada_em timestamptz,
      rejeicao_codigo varchar(10),
      rejeicao_motivo varchar(500),
      idempotency_key varchar(255),
      request_fingerprint char(64),
      inut_xml text,
      -- ProcInutNFe (inutNFe and retInutNFe) once homologada.
      proc_xml text,
      created_at timestamptz not null default now(),
      check (numero_inicial <= numero_final),
      check ((origem = 'manual') = (idempotency_key is not null)),
      constraint fiscal_voids_product_idempotency_key unique (product_id, idempotency_key),
      constraint fiscal_voids_document unique (document_id)
    )`.execute(db);
  // GET /v1/inutilizacoes?tenant_ref&branch_ref, newest first.
  await sql`create index fiscal_voids_list on fiscal_voids
    (product_id, tenant_ref, branch_ref, created_at desc, id desc)`.execute(db);
  // Overlap checks of a new range against the series' earlier ones.
  await sql`create index fiscal_voids_series on fiscal_voids (series_id, numero_inicial)`.execute(
    db,
  );

  await sql`
    create table fiscal_void_queue (
      void_id uuid primary key references fiscal_voids (id),
      attempts integer not null default 0,
      -- The inutNFe may have reached SEFAZ: a 563 answer to the resend means it was homologated.
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
  await sql`drop table fiscal_void_queue`.execute(db);
  await sql`drop table fiscal_voids`.execute(db);
}
