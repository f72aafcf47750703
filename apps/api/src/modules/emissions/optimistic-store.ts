import type pg from 'pg';

import type { DocumentRow } from '../../db/schema.js';
import type { SeriesTarget } from './emission-job.js';
import type { SignedDocument } from './sign-job.js';

/** Numbers a batch claims on one series: `firstNumber` up to `firstNumber + count - 1`. */
export interface SeriesClaim {
  seriesId: string;
  firstNumber: number;
  count: number;
}

/** A signed document and where it goes; `id` is the new row's id, chosen by the caller. */
export interface ClaimedDocument {
  id: string;
  target: SeriesTarget;
  document: SignedDocument;
}

/** Per claimed series: whether its documents were stored, and the counter as the statement saw it. */
export interface ClaimOutcome {
  stored: boolean;
  /** The series' next number under the row lock; null when the series is gone (deleted). */
  currentNextNumber: number | null;
}

export interface OptimisticStoreResult {
  outcomes: Map<string, ClaimOutcome>;
  /** `created_at` of every document stored (the statement's transaction time). */
  createdAt: Date;
}

// One statement, so one round trip and one commit for documents of many series. `locked` takes the
// series rows in id order (every process does, so two statements cannot deadlock); a claim wins
// only if the counter still equals the first number it claimed, i.e. nobody numbered that series
// since the caller read it. Winners advance the counter and insert their documents and XML in the
// same statement, so a number is never visible without its document. Losers change nothing.
const STORE_IF_COUNTERS_UNCHANGED = {
  name: 'emissor_store_if_counters_unchanged',
  text: `
    with claim as (
      select * from unnest($1::uuid[], $2::int[], $3::int[]) as c(series_id, first_number, count)
    ), locked as materialized (
      select s.id, s.next_number from series s
      where s.id = any($1::uuid[]) and s.deleted_at is null
      order by s.id
      for update
    ), won as materialized (
      select c.series_id, c.first_number + c.count as next_number
      from claim c join locked l on l.id = c.series_id and l.next_number = c.first_number
    ), advanced as (
      update series s set next_number = won.next_number, updated_at = now()
      from won where s.id = won.series_id
    ), input as (
      select * from unnest($4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::uuid[], $9::int[], $10::int[],
                           $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])
        as t(id, product_id, tenant_ref, branch_ref, series_id, serie, numero,
             chave, codigo_numerico, ambiente, idempotency_key, xml)
    ), doc as (
      insert into documents (id, product_id, tenant_ref, branch_ref, series_id, document_model, serie, numero,
                             chave_acesso, codigo_numerico, status, ambiente, idempotency_key)
      select i.id, i.product_id, i.tenant_ref, i.branch_ref, i.series_id, '55', i.serie, i.numero,
             i.chave, i.codigo_numerico, 'assinada', i.ambiente, i.idempotency_key
      from input i join won on won.series_id = i.series_id
    ), stored_xml as (
      insert into document_xml (document_id, xml)
      select i.id, i.xml from input i join won on won.series_id = i.series_id
    )
    select c.series_id as "seriesId", won.series_id is not null as stored, l.next_number as "currentNextNumber",
           now() as "createdAt"
    from claim c left join won on won.series_id = c.series_id left join locked l on l.id = c.series_id`,
};

/**
 * Stores documents numbered without holding a lock while signing (optimistic numbering): the
 * counter check, the counter update and the inserts happen in one autocommitted statement. A
 * unique violation (an idempotency key used meanwhile) fails the whole statement and stores nothing.
 * The statement is named, so each connection plans it once.
 */
export async function storeIfCountersUnchanged(
  pool: pg.Pool,
  claims: readonly SeriesClaim[],
  documents: readonly ClaimedDocument[],
): Promise<OptimisticStoreResult> {
  const column = <T>(pick: (d: ClaimedDocument) => T) => documents.map(pick);
  const { rows } = await pool.query<{
    seriesId: string;
    stored: boolean;
    currentNextNumber: number | null;
    createdAt: Date;
  }>({
    ...STORE_IF_COUNTERS_UNCHANGED,
    values: [
      claims.map((c) => c.seriesId),
      claims.map((c) => c.firstNumber),
      claims.map((c) => c.count),
      column((d) => d.id),
      column((d) => d.target.productId),
      column((d) => d.target.tenantRef),
      column((d) => d.target.branchRef),
      column((d) => d.target.seriesId),
      column((d) => d.target.serie),
      column((d) => d.document.numero),
      column((d) => d.document.chave),
      column((d) => d.document.codigoNumerico),
      column((d) => d.document.ambiente),
      column((d) => d.document.idempotencyKey),
      column((d) => d.document.xml),
    ],
  });
  const outcomes = new Map<string, ClaimOutcome>();
  let createdAt: Date | undefined;
  for (const row of rows) {
    outcomes.set(row.seriesId, { stored: row.stored, currentNextNumber: row.currentNextNumber });
    createdAt = row.createdAt;
  }
  if (!createdAt || outcomes.size !== claims.length)
    throw new Error('optimistic store answered for other series than claimed');
  return { outcomes, createdAt };
}

/** The row an optimistic store inserted, as a read would return it (every other column is at its default). */
export function storedDocumentRow(
  { id, target, document }: ClaimedDocument,
  createdAt: Date,
): DocumentRow {
  return {
    id,
    product_id: target.productId,
    tenant_ref: target.tenantRef,
    branch_ref: target.branchRef,
    series_id: target.seriesId,
    document_model: '55',
    serie: target.serie,
    numero: document.numero,
    chave_acesso: document.chave,
    codigo_numerico: document.codigoNumerico,
    status: 'assinada',
    ambiente: document.ambiente,
    rejeicao_codigo: null,
    rejeicao_motivo: null,
    protocolo: null,
    autorizada_em: null,
    idempotency_key: document.idempotencyKey,
    created_at: createdAt,
    deleted_at: null,
  };
}
