import { certificateValidityAt, type Credentials } from '@emissor/signer';
import type { Kysely } from 'kysely';

import type { Slot } from '../../db/live-slot.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { findLiveCertificate, type CertificateMetadata } from './certificates.repository.js';
import type { CredentialsCache } from './credentials-cache.js';

/**
 * The live certificate of a slot and its credentials, ready to sign at `at`; otherwise the refusal
 * docs/api-rules.md "Certificates" fixes (404 `certificate_not_found`, 409 `certificate_expired` /
 * `certificate_not_yet_valid`). Events and inutilizações sign through it.
 */
export async function requireSlotCredentials(
  db: Kysely<Database>,
  cache: CredentialsCache,
  slot: Slot,
  at: Date,
): Promise<{ certificate: CertificateMetadata; credentials: Credentials }> {
  const certificate = await findLiveCertificate(db, slot);
  if (!certificate)
    throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
  const credentials = await cache.get(certificate.id);
  const validity = certificateValidityAt(credentials, at);
  if (validity === 'expired')
    throw appError('certificate_expired', 'The branch certificate has expired.');
  if (validity === 'not_yet_valid')
    throw appError('certificate_not_yet_valid', 'The branch certificate is not valid yet.');
  return { certificate, credentials };
}
