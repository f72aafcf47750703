import type { FiscalCertificateRead } from '@emissor/contract';

import type { CertificateMetadata } from './certificates.repository.js';

/** Metadata only: the file, its password and the key never leave the database. */
export function toCertificateRead(row: CertificateMetadata): FiscalCertificateRead {
  return {
    id: row.id,
    product_id: row.product_id,
    tenant_ref: row.tenant_ref,
    branch_ref: row.branch_ref,
    cnpj: row.cnpj,
    subject_cn: row.subject_cn,
    cnpj_certificado: row.cnpj_certificado,
    not_valid_before: row.not_valid_before.toISOString(),
    not_valid_after: row.not_valid_after.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}
