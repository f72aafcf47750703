import type pg from 'pg';

import { batchPerTurn } from './turn-batch.js';

export interface EmissionTarget {
  /** The document an earlier request with the same idempotency key created, if any. */
  replayId: string | null;
  seriesId: string | null;
  /** The series counter as read now (the engine may know a later one: its own reservations). */
  nextNumber: number | null;
  certificateId: string | null;
  cnpj: string | null;
  cnpjCertificado: string | null;
}

/** What an emission is aimed at: its key and the series it asks for. */
export interface EmissionSlot {
  productId: string;
  idempotencyKey: string;
  tenantRef: string;
  branchRef: string;
  serie: number;
}

// Named, so each pooled connection plans it once (it runs for every emission). One row per slot,
// in the slots' order (`with ordinality`); the lateral subqueries keep each lookup an index probe
// of the live-slot unique indexes whatever the number of slots (the planner cannot turn them
// into a hash join over a whole table), and at most one row each, as those indexes allow.
const FIND_EMISSION_TARGETS = {
  name: 'emissor_find_emission_targets',
  text: `
    select (select d.id from documents d
             where d.product_id = t.product_id and d.idempotency_key = t.idempotency_key) as "replayId",
           s.id as "seriesId", s.next_number as "nextNumber",
           c.id as "certificateId", c.cnpj, c.cnpj_certificado as "cnpjCertificado"
    from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[]) with ordinality
           as t(product_id, idempotency_key, tenant_ref, branch_ref, serie, n)
    left join lateral (
      select s.id, s.next_number from series s
      where s.product_id = t.product_id and s.tenant_ref = t.tenant_ref and s.branch_ref = t.branch_ref
        and s.document_model = '55' and s.serie = t.serie and s.deleted_at is null
      limit 1
    ) s on true
    left join lateral (
      select c.id, c.cnpj, c.cnpj_certificado from certificates c
      where c.product_id = t.product_id and c.tenant_ref = t.tenant_ref and c.branch_ref = t.branch_ref
        and c.deleted_at is null
      limit 1
    ) c on true
    order by t.n`,
};

// The same question for a lone emission (the usual case at low load): plain joins plan and run
// cheaper than unnest and laterals over one row. With the batch form alone, PostgreSQL spent
// 0.90–0.99 ms per emission at one connection; with this one, 0.76–0.81 (bench/results/comparisons.md §7).
const FIND_EMISSION_TARGET = {
  name: 'emissor_find_emission_target',
  text: `
    select (select d.id from documents d
             where d.product_id = $1 and d.idempotency_key = $2) as "replayId",
           s.id as "seriesId", s.next_number as "nextNumber",
           c.id as "certificateId", c.cnpj, c.cnpj_certificado as "cnpjCertificado"
    from (select 1) as one
    left join series s
      on s.product_id = $1 and s.tenant_ref = $3 and s.branch_ref = $4
     and s.document_model = '55' and s.serie = $5 and s.deleted_at is null
    left join certificates c
      on c.product_id = $1 and c.tenant_ref = $3 and c.branch_ref = $4 and c.deleted_at is null`,
};

async function findEmissionTargets(
  pool: pg.Pool,
  slots: readonly EmissionSlot[],
): Promise<EmissionTarget[]> {
  const [only] = slots;
  if (slots.length === 1 && only) {
    const { rows } = await pool.query<EmissionTarget>({
      ...FIND_EMISSION_TARGET,
      values: [only.productId, only.idempotencyKey, only.tenantRef, only.branchRef, only.serie],
    });
    return rows;
  }
  const { rows } = await pool.query<EmissionTarget>({
    ...FIND_EMISSION_TARGETS,
    values: [
      slots.map((s) => s.productId),
      slots.map((s) => s.idempotencyKey),
      slots.map((s) => s.tenantRef),
      slots.map((s) => s.branchRef),
      slots.map((s) => s.serie),
    ],
  });
  return rows;
}

/** Looks up the target of one emission. */
export type EmissionTargets = (slot: EmissionSlot) => Promise<EmissionTarget>;

/**
 * Everything an emission must know before it numbers anything: whether the key was used already,
 * the series and its counter, and the live certificate (each null when absent; the caller answers
 * in the order of docs/api-rules.md: replay, then 404 series, then 404 certificate). The lookups of the
 * emissions that reach this point in one turn of the event loop share one statement (turn-batch.ts).
 */
export function emissionTargets(pool: pg.Pool): EmissionTargets {
  return batchPerTurn((slots: EmissionSlot[]) => findEmissionTargets(pool, slots));
}
