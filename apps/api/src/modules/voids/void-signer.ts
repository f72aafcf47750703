import type { Kysely } from 'kysely';

import type { Slot } from '../../db/live-slot.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { slotCredentials, type SlotSigner } from '../certificates/slot-credentials.js';

type Ready = Extract<SlotSigner, { kind: 'ready' }>;

/**
 * The certificate (its CNPJ is infInut/CNPJ) and credentials that sign an inutilização: the live
 * certificate of the branch, valid now. The refusals are raised here, in the voids module, because
 * these are codes its routes document (the OpenAPI coverage test reads each route's codes from the
 * module that serves it).
 */
export async function voidSigner(
  db: Kysely<Database>,
  cache: CredentialsCache,
  slot: Slot,
  at: Date,
): Promise<Omit<Ready, 'kind'>> {
  const signer = await slotCredentials(db, cache, slot, at);
  switch (signer.kind) {
    case 'ready':
      return { certificate: signer.certificate, credentials: signer.credentials };
    case 'missing':
      throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
    case 'expired':
      throw appError('certificate_expired', 'The branch certificate has expired.');
    case 'not_yet_valid':
      throw appError('certificate_not_yet_valid', 'The branch certificate is not valid yet.');
  }
}
