import type { Credentials } from '@emissor/signer';
import type { Kysely } from 'kysely';

import type { Slot } from '../../db/live-slot.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { slotCredentials } from '../certificates/slot-credentials.js';

/**
 * The credentials that sign an event: the live certificate of the document's branch, valid now.
 * The refusals are raised here, in the events module, because these are codes its routes document
 * (the OpenAPI coverage test reads each route's codes from the module that serves it).
 */
export async function eventSigner(
  db: Kysely<Database>,
  cache: CredentialsCache,
  slot: Slot,
  at: Date,
): Promise<Credentials> {
  const signer = await slotCredentials(db, cache, slot, at);
  switch (signer.kind) {
    case 'ready':
      return signer.credentials;
    case 'missing':
      throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
    case 'expired':
      throw appError('certificate_expired', 'The branch certificate has expired.');
    case 'not_yet_valid':
      throw appError('certificate_not_yet_valid', 'The branch certificate is not valid yet.');
  }
}
