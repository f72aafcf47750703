import { sql, type Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';

export interface EmissionTarget {
  /** The document an earlier request with the same idempotency key created, if any. */
  replayId: string | null;
  seriesId: string | null;
  certificateId: string | null;
  cnpj: string | null;
  cnpjCertificado: string | null;
}

/**
 * Everything an emission must know before it locks anything, in one round trip: whether the key
 * was used already, the series, and the live certificate (each null when absent; the caller
 * answers in decisions.md's order: replay, then 404 series, then 404 certificate).
 */
export async function findEmissionTarget(
  db: Kysely<Database>,
  slot: { productId: string; idempotencyKey: string; tenantRef: string; branchRef: string; serie: number },
): Promise<EmissionTarget> {
  const { rows } = await sql<EmissionTarget>`
    select (select d.id from documents d
             where d.product_id = ${slot.productId} and d.idempotency_key = ${slot.idempotencyKey}) as "replayId",
           s.id as "seriesId", c.id as "certificateId", c.cnpj, c.cnpj_certificado as "cnpjCertificado"
    from (select 1) as one
    left join series s
      on s.product_id = ${slot.productId} and s.tenant_ref = ${slot.tenantRef}
     and s.branch_ref = ${slot.branchRef} and s.document_model = '55' and s.serie = ${slot.serie}
     and s.deleted_at is null
    left join certificates c
      on c.product_id = ${slot.productId} and c.tenant_ref = ${slot.tenantRef}
     and c.branch_ref = ${slot.branchRef} and c.deleted_at is null`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('emission target query returned no row');
  return row;
}
