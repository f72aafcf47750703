import { CertificateUploadFieldsSchema, contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Kysely } from 'kysely';

import type { Keyring } from '../../crypto/master-key.js';
import type { Database } from '../../db/schema.js';
import { appError, RequestValidationFailure, type ValidationIssue } from '../../errors.js';
import { productOf } from '../../http/product-of.js';
import { toValidationIssues } from '../../http/validation-issues.js';
import { toCertificateRead } from './certificates.mapper.js';
import { deactivateCertificate, findLiveCertificate } from './certificates.repository.js';
import { uploadCertificate } from './certificates.service.js';
import type { CredentialsCache } from './credentials-cache.js';
import { certificateForm } from './multipart.js';

/** The form's text fields and file, checked together so one 422 lists every problem. */
function readForm(body: unknown, file: Express.Multer.File | undefined) {
  const fields = CertificateUploadFieldsSchema.safeParse(body ?? {});
  const issues: ValidationIssue[] = fields.success
    ? []
    : // Only the CNPJ is ever echoed back: any other input (a missing field echoes the whole form)
      // could carry the password.
      toValidationIssues(fields.error.issues, 'body', body).map(({ input, ...issue }) =>
        issue.loc[1] === 'cnpj' && issue.type !== 'missing' ? { ...issue, input } : issue,
      );
  if (!file) issues.push({ loc: ['body', 'file'], msg: 'Field required', type: 'missing' });
  if (!fields.success || !file) throw new RequestValidationFailure(issues);
  return { ...fields.data, file: file.buffer };
}

/** What the certificate routes use of the app's context (app-context.ts). */
export interface CertificateRoutesContext {
  db: Kysely<Database>;
  keyring: Keyring;
  credentials: CredentialsCache;
  clock: () => Date;
}

export function certificatesHandlers({
  db,
  keyring,
  credentials,
  clock,
}: CertificateRoutesContext) {
  return initServer().router(contract.certificates, {
    uploadCertificate: {
      middleware: [certificateForm],
      handler: async ({ query, req }) => {
        const slot = {
          productId: productOf(req),
          tenantRef: query.tenant_ref,
          branchRef: query.branch_ref,
        };
        const form = readForm(req.body, req.file);
        const row = await uploadCertificate(
          { db, keyring, credentials, clock },
          slot,
          form,
          req.receivedAt,
        );
        return { status: 201, body: toCertificateRead(row) };
      },
    },
    getCertificate: async ({ query, req }) => {
      const row = await findLiveCertificate(db, {
        productId: productOf(req),
        tenantRef: query.tenant_ref,
        branchRef: query.branch_ref,
      });
      if (!row)
        throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
      return { status: 200, body: toCertificateRead(row) };
    },
    deleteCertificate: async ({ query, req }) => {
      const slot = {
        productId: productOf(req),
        tenantRef: query.tenant_ref,
        branchRef: query.branch_ref,
      };
      if (!(await deactivateCertificate(db, slot))) {
        throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
      }
      return { status: 204, body: undefined };
    },
  });
}
