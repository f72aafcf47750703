import type { Ambiente, FiscalDocumentRead } from '@emissor/contract';

import type { DocumentRow } from '../../db/schema.js';

/** The only way a document row reaches a response (the XML is served by its own route). */
export function toDocumentRead(row: DocumentRow): FiscalDocumentRead {
  return {
    id: row.id,
    product_id: row.product_id,
    tenant_ref: row.tenant_ref,
    branch_ref: row.branch_ref,
    series_id: row.series_id,
    document_model: row.document_model as '55',
    serie: row.serie,
    numero: row.numero,
    chave_acesso: row.chave_acesso,
    codigo_numerico: row.codigo_numerico,
    // The chave's 35th digit is ide/tpEmis.
    tp_emis: row.chave_acesso.charAt(34),
    status: row.status,
    ambiente: row.ambiente as Ambiente,
    rejeicao_codigo: row.rejeicao_codigo,
    rejeicao_motivo: row.rejeicao_motivo,
    protocolo: row.protocolo,
    autorizada_em: row.autorizada_em?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
