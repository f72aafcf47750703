import { z } from 'zod';

import { CnpjSchema, DateTimeSchema, UuidSchema } from './common.js';

/** Certificate metadata; the file and its password are never returned. */
export const FiscalCertificateReadSchema = z.object({
  id: UuidSchema.describe('The certificate id'),
  product_id: UuidSchema.describe('The product (API key owner) it belongs to'),
  tenant_ref: z.string().describe('Your id of the tenant'),
  branch_ref: z.string().describe('Your id of the branch'),
  cnpj: z.string().describe('The branch CNPJ given at upload; emitente.cnpj must match it'),
  subject_cn: z
    .string()
    .max(255)
    .describe("The certificate subject's CN (ICP-Brasil: `NAME:CNPJ`)"),
  cnpj_certificado: z
    .string()
    .describe('The CNPJ inside the certificate (ICP-Brasil otherName 2.16.76.1.3.3)'),
  not_valid_before: DateTimeSchema.describe('Start of validity (UTC)'),
  not_valid_after: DateTimeSchema.describe(
    'End of validity (UTC); emissions after it are 409 certificate_expired',
  ),
  created_at: DateTimeSchema.describe('When it was uploaded (UTC)'),
});
export type FiscalCertificateRead = z.infer<typeof FiscalCertificateReadSchema>;

/**
 * The text fields of the multipart upload form. ts-rest does not validate multipart bodies, so the
 * server parses these itself (after multer) and checks that `file` is present.
 */
export const CertificateUploadFieldsSchema = z.strictObject({
  cnpj: CnpjSchema.describe(
    'CNPJ of the branch (emit/CNPJ of its NF-e); its first 8 characters must match the certificate',
  ),
  password: z.string().describe('Password of the PKCS#12 file (stored encrypted, never returned)'),
});
export type CertificateUploadFields = z.infer<typeof CertificateUploadFieldsSchema>;

/** The whole form as a client sends it: the two fields plus the `.pfx` bytes. */
export interface CertificateUploadForm {
  cnpj: string;
  password: string;
  file: Blob;
}
