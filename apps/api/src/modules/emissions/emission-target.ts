import { sql, type Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';

export interface EmissionTarget {
  seriesId: string | null;
  certificateId: string | null;
  cnpj: string | null;
  cnpjCertificado: string | null;
  notValidBefore: Date | null;
  notValidAfter: Date | null;
}

/**
 * The series and the live certificate an emission needs, in one round trip; either side is null
 * when absent (the caller answers 404 series_not_found / certificate_not_found, in that order).
 */
export async function findEmissionTarget(
  db: Kysely<Database>,
  slot: { productId: string; tenantRef: string; branchRef: string; serie: number },
): Promise<EmissionTarget> {
  const { rows } = await sql<EmissionTarget>`
    select s.id as "seriesId", c.id as "certificateId", c.cnpj, c.cnpj_certificado as "cnpjCertificado",
           c.not_valid_before as "notValidBefore", c.not_valid_after as "notValidAfter"
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
