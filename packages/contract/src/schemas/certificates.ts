import { z } from 'zod';

import { CnpjSchema, DateTimeSchema, UuidSchema } from './common.js';

/** Certificate metadata; the file and its password are never returned. */
export const FiscalCertificateReadSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  tenant_ref: z.string(),
  branch_ref: z.string(),
  cnpj: z.string(),
  subject_cn: z.string().max(255),
  cnpj_certificado: z.string(),
  not_valid_before: DateTimeSchema,
  not_valid_after: DateTimeSchema,
  created_at: DateTimeSchema,
});
export type FiscalCertificateRead = z.infer<typeof FiscalCertificateReadSchema>;

/**
 * The text fields of the multipart upload form. ts-rest does not validate multipart bodies, so the
 * server parses these itself (after multer) and checks that `file` is present.
 */
export const CertificateUploadFieldsSchema = z.object({ cnpj: CnpjSchema, password: z.string() });
export type CertificateUploadFields = z.infer<typeof CertificateUploadFieldsSchema>;

/** The whole form as a client sends it: the two fields plus the `.pfx` bytes. */
export interface CertificateUploadForm {
  cnpj: string;
  password: string;
  file: Blob;
}
