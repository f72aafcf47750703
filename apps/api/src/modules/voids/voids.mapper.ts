import type { Ambiente, FiscalVoidRead } from '@emissor/contract';

import type { FiscalVoidRecord } from './voids.repository.js';

/** The only way an inutilização row reaches a response. */
export function toFiscalVoidRead(row: FiscalVoidRecord): FiscalVoidRead {
  return {
    id: row.id,
    product_id: row.product_id,
    tenant_ref: row.tenant_ref,
    branch_ref: row.branch_ref,
    serie: row.serie,
    numero_inicial: row.numero_inicial,
    numero_final: row.numero_final,
    ambiente: row.ambiente as Ambiente,
    origem: row.origem,
    status: row.status,
    protocolo: row.protocolo,
    homologada_em: row.homologada_em?.toISOString() ?? null,
    rejeicao_codigo: row.rejeicao_codigo,
    rejeicao_motivo: row.rejeicao_motivo,
    created_at: row.created_at.toISOString(),
  };
}
