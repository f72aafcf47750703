import type pg from 'pg';

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

// Named, so each pooled connection plans it once (it runs on every emission).
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

/**
 * Everything an emission must know before it numbers anything, in one round trip: whether the key
 * was used already, the series and its counter, and the live certificate (each null when absent;
 * the caller answers in decisions.md's order: replay, then 404 series, then 404 certificate).
 */
export async function findEmissionTarget(
  pool: pg.Pool,
  slot: {
    productId: string;
    idempotencyKey: string;
    tenantRef: string;
    branchRef: string;
    serie: number;
  },
): Promise<EmissionTarget> {
  const { rows } = await pool.query<EmissionTarget>({
    ...FIND_EMISSION_TARGET,
    values: [slot.productId, slot.idempotencyKey, slot.tenantRef, slot.branchRef, slot.serie],
  });
  const [row] = rows;
  if (!row) throw new Error('emission target query returned no row');
  return row;
}
