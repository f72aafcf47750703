import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';

/** An inutilização's range and how far SEFAZ has got with it. */
export interface VoidedRange {
  numero_inicial: number;
  numero_final: number;
  status: 'processando' | 'homologada' | 'rejeitada';
}

/**
 * Inutilizações whose numbers SEFAZ holds voided (`homologada`) or may soon (`processando`); a
 * `rejeitada` one voided nothing.
 */
const VOIDING_STATUSES = ['homologada', 'processando'] as const;

/**
 * The inutilização of the series reaching highest among those with a number at or above `from`,
 * if any. Matched on what SEFAZ keys a void by (the emitter's series number, all NF-e model 55)
 * through the slot and serie, not the series row: a series recreated in the same slot meets the
 * same voided numbers at SEFAZ.
 */
export function highestVoidReaching(
  db: Kysely<Database>,
  series: { productId: string; tenant_ref: string; branch_ref: string; serie: number },
  from: number,
): Promise<VoidedRange | undefined> {
  return db
    .selectFrom('fiscal_voids')
    .select(['numero_inicial', 'numero_final', 'status'])
    .where('product_id', '=', series.productId)
    .where('tenant_ref', '=', series.tenant_ref)
    .where('branch_ref', '=', series.branch_ref)
    .where('serie', '=', series.serie)
    .where('status', 'in', VOIDING_STATUSES)
    .where('numero_final', '>=', from)
    .orderBy('numero_final', 'desc')
    .limit(1)
    .executeTakeFirst();
}
