import type { FiscalEventRead } from '@emissor/contract';

import type { FiscalEventRecord } from './events.repository.js';

/** The only way an event row reaches a response (its XML is served by its own route). */
export function toFiscalEventRead(row: FiscalEventRecord): FiscalEventRead {
  return {
    id: row.id,
    product_id: row.product_id,
    document_id: row.document_id,
    tipo: row.tipo,
    sequencia: row.sequencia,
    status: row.status,
    protocolo: row.protocolo,
    registrado_em: row.registrado_em?.toISOString() ?? null,
    rejeicao_codigo: row.rejeicao_codigo,
    rejeicao_motivo: row.rejeicao_motivo,
    created_at: row.created_at.toISOString(),
  };
}
