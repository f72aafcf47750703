import { CertificateError, certificateValidityAt, readPkcs12 } from '@emissor/signer';
import type { Kysely } from 'kysely';

import type { Keyring } from '../../crypto/master-key.js';
import type { Database } from '../../db/schema.js';
import { appError, RequestValidationFailure } from '../../errors.js';
import { certificateBinding } from './certificate-binding.js';
import type { CertificateSlot } from './certificates.repository.js';
import { replaceCertificate } from './certificates.repository.js';
import type { CredentialsCache } from './credentials-cache.js';
import { certificateIssue } from './upload-errors.js';

export interface UploadDeps {
  db: Kysely<Database>;
  keyring: Keyring;
  credentials: CredentialsCache;
  clock: () => Date;
}

/**
 * Checks a certificate file (opens with the password, has a key and a CNPJ, not expired, CNPJ
 * root matches the one given) and makes it the slot's live certificate, encrypted at rest.
 */
export async function uploadCertificate(
  deps: UploadDeps,
  slot: CertificateSlot,
  form: { cnpj: string; password: string; file: Buffer },
  receivedAt: Date,
) {
  let credentials;
  try {
    credentials = readPkcs12(form.file, form.password);
  } catch (error) {
    if (error instanceof CertificateError)
      throw new RequestValidationFailure([certificateIssue(error.code)]);
    throw error;
  }
  if (certificateValidityAt(credentials, deps.clock()) === 'expired') {
    throw new RequestValidationFailure([
      {
        loc: ['body', 'file'],
        msg: `The certificate expired on ${credentials.notAfter.toISOString()}.`,
        type: 'certificate_expired',
      },
    ]);
  }
  if (form.cnpj.slice(0, 8) !== credentials.cnpj.slice(0, 8)) {
    throw new RequestValidationFailure([
      {
        loc: ['body', 'cnpj'],
        msg: "The CNPJ root (first 8 characters) differs from the certificate's.",
        type: 'certificate_cnpj_root_mismatch',
        input: form.cnpj,
      },
    ]);
  }

  const owner = {
    product_id: slot.productId,
    tenant_ref: slot.tenantRef,
    branch_ref: slot.branchRef,
  };
  const binding = certificateBinding(owner);
  const pfx = deps.keyring.encrypt(form.file, binding);
  const password = deps.keyring.encrypt(Buffer.from(form.password, 'utf8'), binding);
  const row = await replaceCertificate(
    deps.db,
    {
      ...owner,
      cnpj: form.cnpj,
      cnpj_certificado: credentials.cnpj,
      subject_cn: credentials.subjectCn.slice(0, 255),
      not_valid_before: credentials.notBefore,
      not_valid_after: credentials.notAfter,
      pfx_ciphertext: pfx.sealed,
      password_ciphertext: password.sealed,
      master_key_id: pfx.keyId,
    },
    receivedAt,
  );
  if (!row) {
    throw appError(
      'certificate_upload_conflict',
      'Another certificate upload for this tenant and branch happened at the same time.',
    );
  }
  deps.credentials.put(row.id, credentials);
  return row;
}
