import { certificateValidityAt, type Credentials } from '@emissor/signer';
import type { Kysely } from 'kysely';

import type { Slot } from '../../db/live-slot.js';
import type { Database } from '../../db/schema.js';
import { findLiveCertificate, type CertificateMetadata } from './certificates.repository.js';
import type { CredentialsCache } from './credentials-cache.js';

/** A slot's live certificate ready to sign at a moment, or why it cannot. */
export type SlotSigner =
  | { kind: 'ready'; certificate: CertificateMetadata; credentials: Credentials }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'not_yet_valid' };

/**
 * The live certificate of a slot, ready to sign at `at`, or why not. The caller turns a refusal
 * into its own error (404 `certificate_not_found`, 409 `certificate_expired` /
 * `certificate_not_yet_valid`, decisions.md): each route module raises the codes it documents.
 */
export async function slotCredentials(
  db: Kysely<Database>,
  cache: CredentialsCache,
  slot: Slot,
  at: Date,
): Promise<SlotSigner> {
  const certificate = await findLiveCertificate(db, slot);
  if (!certificate) return { kind: 'missing' };
  const credentials = await cache.get(certificate.id);
  const validity = certificateValidityAt(credentials, at);
  if (validity === 'expired') return { kind: 'expired' };
  if (validity === 'not_yet_valid') return { kind: 'not_yet_valid' };
  return { kind: 'ready', certificate, credentials };
}
