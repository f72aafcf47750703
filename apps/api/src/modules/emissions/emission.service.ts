import { randomInt } from 'node:crypto';

import { NfeValidationError, pickCodigoNumerico, prepareNfe, renderNfe, type NfeRequest } from '@emissor/nfe-xml';
import { certificateValidityAt, signNfe, verifyNfe } from '@emissor/signer';
import type { Kysely, Transaction } from 'kysely';

import type { Database, DocumentRow } from '../../db/schema.js';
import { conflict, notFound, RequestValidationFailure } from '../../errors.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { findByIdempotencyKey } from '../documents/documents.repository.js';
import { emitterMatchesCertificate } from './cnpj-rule.js';
import { findEmissionTarget } from './emission-target.js';
import { storeDocument } from './store-document.js';

/** The last number a series can hand out (`nNF` has 9 digits). */
const LAST_NUMBER = 999_999_999;

export interface EmissionDeps {
  db: Kysely<Database>;
  credentials: CredentialsCache;
  clock: () => Date;
}

export interface EmissionOutcome {
  /** True when the idempotency key was already used: nothing was created. */
  replayed: boolean;
  document: DocumentRow;
}

const drawEightDigits = () => randomInt(0, 100_000_000).toString().padStart(8, '0');

/** Layout checks first: a request the XML layout cannot hold is a 422, never an invalid document. */
function prepare(request: NfeRequest) {
  try {
    return prepareNfe(request);
  } catch (error) {
    if (!(error instanceof NfeValidationError)) throw error;
    throw new RequestValidationFailure(
      error.issues.map((issue) => ({ loc: ['body', ...issue.path], msg: issue.message, type: issue.type })),
    );
  }
}

/**
 * Emits one NF-e exactly once per idempotency key, in decisions.md's order of checks. Everything
 * that does not depend on the number (validation, the XML of items and totals, the parsed
 * certificate) happens before the series row is locked, so the lock is held only for numbering,
 * the header, signing and one insert statement. Requests racing with one new key are settled by
 * the unique (product, key) index: the loser stores nothing and answers with the winner's document.
 */
export async function emitDocument(
  deps: EmissionDeps,
  productId: string,
  idempotencyKey: string,
  request: NfeRequest & { tenant_ref: string; branch_ref: string },
): Promise<EmissionOutcome> {
  const prepared = prepare(request);

  const target = await findEmissionTarget(deps.db, {
    productId,
    idempotencyKey,
    tenantRef: request.tenant_ref,
    branchRef: request.branch_ref,
    serie: request.serie,
  });
  if (target.replayId) return replayOf(deps.db, productId, idempotencyKey);
  const { seriesId, certificateId, cnpj, cnpjCertificado } = target;
  if (!seriesId) throw notFound('series_not_found', `No series ${request.serie} for this tenant and branch.`);
  if (!certificateId || !cnpj || !cnpjCertificado) {
    throw notFound('certificate_not_found', 'No live certificate for this tenant and branch.');
  }

  const credentials = await deps.credentials.get(certificateId);
  const issuedAt = deps.clock();
  const validity = certificateValidityAt(credentials, issuedAt);
  if (validity === 'expired') throw conflict('certificate_expired', 'The branch certificate has expired.');
  if (validity === 'not_yet_valid') throw conflict('certificate_not_yet_valid', 'The branch certificate is not valid yet.');
  if (!emitterMatchesCertificate(request.emitente.cnpj, { cnpj, cnpjCertificado })) {
    throw conflict(
      'emitente_certificate_cnpj_mismatch',
      "emitente.cnpj does not match the certificate's CNPJ (or its root).",
    );
  }

  const stored = await deps.db.transaction().execute(async (trx) => {
    const numero = await lockNextNumber(trx, seriesId);
    const codigoNumerico = pickCodigoNumerico(numero, drawEightDigits);
    const { xml, chave } = renderNfe(prepared, { numero, codigoNumerico, issuedAt });
    const signed = signNfe(xml, credentials);
    const verification = verifyNfe(signed);
    if (!verification.valid) throw new Error(`freshly signed document failed verification: ${verification.reason}`);
    return storeDocument(
      trx,
      {
        product_id: productId,
        tenant_ref: request.tenant_ref,
        branch_ref: request.branch_ref,
        series_id: seriesId,
        document_model: '55',
        serie: request.serie,
        numero,
        chave_acesso: chave,
        codigo_numerico: codigoNumerico,
        // Built, signed, verified and stored; transmission to SEFAZ is not configured.
        status: 'assinada',
        ambiente: request.ambiente,
        idempotency_key: idempotencyKey,
      },
      signed,
    );
  });
  // Nothing stored: a request with the same key won the race while this one waited for the lock.
  return stored ? { replayed: false, document: stored } : replayOf(deps.db, productId, idempotencyKey);
}

async function replayOf(db: Kysely<Database>, productId: string, key: string): Promise<EmissionOutcome> {
  const document = await findByIdempotencyKey(db, productId, key);
  if (!document) throw new Error('idempotency key vanished');
  return { replayed: true, document };
}

/** Locks the series row for the rest of the transaction and returns the number to use. */
async function lockNextNumber(trx: Transaction<Database>, seriesId: string): Promise<number> {
  const series = await trx
    .selectFrom('series')
    .select('next_number')
    .where('id', '=', seriesId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (series.next_number > LAST_NUMBER) {
    throw conflict('series_exhausted', 'This series has used its last number (999999999).');
  }
  return series.next_number;
}
