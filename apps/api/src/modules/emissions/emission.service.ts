import { NfeValidationError, prepareNfe, type NfeRequest } from '@emissor/nfe-xml';
import { certificateValidityAt } from '@emissor/signer';
import type { Kysely } from 'kysely';
import type pg from 'pg';

import type { Database, DocumentRow } from '../../db/schema.js';
import { conflict, notFound, RequestValidationFailure } from '../../errors.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { findByIdempotencyKey } from '../documents/documents.repository.js';
import { emitterMatchesCertificate } from './cnpj-rule.js';
import { findEmissionTarget } from './emission-target.js';
import type { EmissionBatcher } from './emission-job.js';

export interface EmissionDeps {
  db: Kysely<Database>;
  pool: pg.Pool;
  credentials: CredentialsCache;
  batcher: EmissionBatcher;
  clock: () => Date;
}

export interface EmissionOutcome {
  /** True when the idempotency key was already used: nothing was created. */
  replayed: boolean;
  document: DocumentRow;
}

/** Layout checks first: a request the XML layout cannot hold is a 422, never an invalid document. */
function prepare(request: NfeRequest) {
  try {
    return prepareNfe(request);
  } catch (error) {
    if (!(error instanceof NfeValidationError)) throw error;
    throw new RequestValidationFailure(
      error.issues.map((issue) => ({
        loc: ['body', ...issue.path],
        msg: issue.message,
        type: issue.type,
      })),
    );
  }
}

/**
 * Emits one NF-e exactly once per idempotency key, in decisions.md's order of checks. Everything
 * that does not depend on the number (validation, the XML of items and totals, the parsed
 * certificate) happens here, before a number is taken; the emission batcher then numbers, signs
 * and stores. Requests racing with one new key are settled by the unique (product, key) index and
 * the batcher's locked path: the loser stores nothing and answers with the winner's document.
 */
export async function emitDocument(
  deps: EmissionDeps,
  productId: string,
  idempotencyKey: string,
  request: NfeRequest & { tenant_ref: string; branch_ref: string },
): Promise<EmissionOutcome> {
  const prepared = prepare(request);

  const target = await findEmissionTarget(deps.pool, {
    productId,
    idempotencyKey,
    tenantRef: request.tenant_ref,
    branchRef: request.branch_ref,
    serie: request.serie,
  });
  if (target.replayId) return replayOf(deps.db, productId, idempotencyKey);
  const { seriesId, nextNumber, certificateId, cnpj, cnpjCertificado } = target;
  if (!seriesId || nextNumber === null)
    throw notFound('series_not_found', `No series ${request.serie} for this tenant and branch.`);
  if (!certificateId || !cnpj || !cnpjCertificado) {
    throw notFound('certificate_not_found', 'No live certificate for this tenant and branch.');
  }

  const credentials = await deps.credentials.get(certificateId);
  const issuedAt = deps.clock();
  const validity = certificateValidityAt(credentials, issuedAt);
  if (validity === 'expired')
    throw conflict('certificate_expired', 'The branch certificate has expired.');
  if (validity === 'not_yet_valid')
    throw conflict('certificate_not_yet_valid', 'The branch certificate is not valid yet.');
  if (!emitterMatchesCertificate(request.emitente.cnpj, { cnpj, cnpjCertificado })) {
    throw conflict(
      'emitente_certificate_cnpj_mismatch',
      "emitente.cnpj does not match the certificate's CNPJ (or its root).",
    );
  }

  const result = await deps.batcher.submit({
    target: {
      productId,
      seriesId,
      tenantRef: request.tenant_ref,
      branchRef: request.branch_ref,
      serie: request.serie,
    },
    idempotencyKey,
    ambiente: request.ambiente,
    prepared,
    credentials,
    issuedAt,
    observedNextNumber: nextNumber,
  });
  // A replay here: a request with the same key won the race while this one was queued.
  return result.kind === 'created'
    ? { replayed: false, document: result.document }
    : replayOf(deps.db, productId, idempotencyKey);
}

async function replayOf(
  db: Kysely<Database>,
  productId: string,
  key: string,
): Promise<EmissionOutcome> {
  const document = await findByIdempotencyKey(db, productId, key);
  if (!document) throw new Error('idempotency key vanished');
  return { replayed: true, document };
}
