import type { FiscalSeriesRead } from '@emissor/contract';

import type { Series } from '../../db/schema.js';

/** The only way a series row reaches a response. */
export function toSeriesRead(row: Series): FiscalSeriesRead {
  return {
    id: row.id,
    product_id: row.product_id,
    tenant_ref: row.tenant_ref,
    branch_ref: row.branch_ref,
    document_model: row.document_model as '55',
    serie: row.serie,
    next_number: row.next_number,
  };
}
