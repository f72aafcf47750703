import type pg from 'pg';

import { namedStatement, queryNamed } from '../../db/named-statement.js';
import type { Certificate, DocumentRow, Series } from '../../db/schema.js';
import { columnsOf, tables } from '../../db/sql-names.js';
import { batchPerTurn } from './turn-batch.js';

export interface EmissionTarget {
  /** The document an earlier request with the same idempotency key created, if any. */
  replayId: DocumentRow['id'] | null;
  seriesId: Series['id'] | null;
  /** The series counter as read now (the engine may know a later one: its own reservations). */
  nextNumber: Series['next_number'] | null;
  certificateId: Certificate['id'] | null;
  cnpj: Certificate['cnpj'] | null;
  cnpjCertificado: Certificate['cnpj_certificado'] | null;
}

/** What an emission is aimed at: its key and the series it asks for. */
export interface EmissionSlot {
  productId: string;
  idempotencyKey: string;
  tenantRef: string;
  branchRef: string;
  serie: number;
}

const D = columnsOf('documents', 'd');
const S = columnsOf('series', 's');
const C = columnsOf('certificates', 'c');

// Named, so each pooled connection plans it once (it runs for every emission). One row per slot,
// in the slots' order (`with ordinality`); the lateral subqueries keep each lookup an index probe
// of the live-slot unique indexes whatever the number of slots (the planner cannot turn them
// into a hash join over a whole table), and at most one row each, as those indexes allow.
const FIND_EMISSION_TARGETS = namedStatement<EmissionTarget>(
  'emissor_find_emission_targets',
  `
    select (select ${D.id} from ${tables.documents} d
             where ${D.product_id} = t.product_id and ${D.idempotency_key} = t.idempotency_key) as "replayId",
           ${S.id} as "seriesId", ${S.next_number} as "nextNumber",
           ${C.id} as "certificateId", ${C.cnpj}, ${C.cnpj_certificado} as "cnpjCertificado"
    from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[]) with ordinality
           as t(product_id, idempotency_key, tenant_ref, branch_ref, serie, n)
    left join lateral (
      select ${S.id}, ${S.next_number} from ${tables.series} s
      where ${S.product_id} = t.product_id and ${S.tenant_ref} = t.tenant_ref and ${S.branch_ref} = t.branch_ref
        and ${S.document_model} = '55' and ${S.serie} = t.serie and ${S.deleted_at} is null
      limit 1
    ) s on true
    left join lateral (
      select ${C.id}, ${C.cnpj}, ${C.cnpj_certificado} from ${tables.certificates} c
      where ${C.product_id} = t.product_id and ${C.tenant_ref} = t.tenant_ref and ${C.branch_ref} = t.branch_ref
        and ${C.deleted_at} is null
      limit 1
    ) c on true
    order by t.n`,
);

// The same question for a lone emission (the usual case at low load): plain joins plan and run
// cheaper than unnest and laterals over one row. With the batch form alone, PostgreSQL spent
// 0.90–0.99 ms per emission at one connection; with this one, 0.76–0.81 (bench/results/comparisons.md §7).
const FIND_EMISSION_TARGET = namedStatement<EmissionTarget>(
  'emissor_find_emission_target',
  `
    select (select ${D.id} from ${tables.documents} d
             where ${D.product_id} = $1 and ${D.idempotency_key} = $2) as "replayId",
           ${S.id} as "seriesId", ${S.next_number} as "nextNumber",
           ${C.id} as "certificateId", ${C.cnpj}, ${C.cnpj_certificado} as "cnpjCertificado"
    from (select 1) as one
    left join ${tables.series} s
      on ${S.product_id} = $1 and ${S.tenant_ref} = $3 and ${S.branch_ref} = $4
     and ${S.document_model} = '55' and ${S.serie} = $5 and ${S.deleted_at} is null
    left join ${tables.certificates} c
      on ${C.product_id} = $1 and ${C.tenant_ref} = $3 and ${C.branch_ref} = $4 and ${C.deleted_at} is null`,
);

function findEmissionTargets(
  pool: pg.Pool,
  slots: readonly EmissionSlot[],
): Promise<EmissionTarget[]> {
  const [only] = slots;
  if (slots.length === 1 && only)
    return queryNamed(pool, FIND_EMISSION_TARGET, [
      only.productId,
      only.idempotencyKey,
      only.tenantRef,
      only.branchRef,
      only.serie,
    ]);
  return queryNamed(pool, FIND_EMISSION_TARGETS, [
    slots.map((s) => s.productId),
    slots.map((s) => s.idempotencyKey),
    slots.map((s) => s.tenantRef),
    slots.map((s) => s.branchRef),
    slots.map((s) => s.serie),
  ]);
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
