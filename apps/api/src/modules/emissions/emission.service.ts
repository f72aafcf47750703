import type { NfeRequest, ResponsavelTecnico } from '@emissor/nfe-xml';
import { certificateValidityAt } from '@emissor/signer';
import type { Kysely } from 'kysely';

import type { Database, DocumentRow } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { idempotencyKeyReused } from '../../http/idempotency-key-reused.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { findByIdempotencyKey } from '../documents/documents.repository.js';
import { emitterMatchesCertificate } from './cnpj-rule.js';
import { refuseUnsendable } from './document-size.js';
import type { Emissions } from './emissions.js';
import type { NumberableNfe } from './emission-job.js';
import { prepareNumberableNfe } from './numberable-nfe.js';
import {
  emissionFingerprints,
  sameEmission,
  type EmissionFingerprints,
} from './emission-fingerprint.js';

export interface EmissionDeps {
  db: Kysely<Database>;
  credentials: CredentialsCache;
  emissions: Emissions;
  clock: () => Date;
  /** infRespTec of every document (RESP_TEC_*), when configured. */
  responsavelTecnico?: ResponsavelTecnico;
}

export interface EmissionOutcome {
  /** True when the idempotency key was already used for this request: nothing was created. */
  replayed: boolean;
  document: DocumentRow;
}

type EmissionRequest = NfeRequest & { tenant_ref: string; branch_ref: string };

/**
 * Emits one NF-e exactly once per (product, idempotency key), in the order of checks of docs/api-rules.md.
 * Everything that does not depend on the number (validation, the XML of items and totals, the
 * parsed certificate) happens before a number is taken; the engine then numbers, signs and stores.
 * Requests with one key meet at the door (one at a time per process) and across processes at the
 * unique (product, key) index; either way the later one answers with the stored document, or with
 * a 422 if its body differs from the one that document was emitted for.
 */
export async function emitDocument(
  deps: EmissionDeps,
  productId: string,
  idempotencyKey: string,
  request: EmissionRequest,
): Promise<EmissionOutcome> {
  const nfe = prepareNumberableNfe(request, deps.responsavelTecnico);
  const fingerprints = emissionFingerprints(request);
  const facts = factsOf(request);
  return deps.emissions.door.pass(productId, idempotencyKey, () =>
    emitOnce(deps, { productId, idempotencyKey, fingerprints, nfe, request: facts }),
  );
}

/**
 * What an emission still reads of its request once the XML is prepared and the fingerprint taken.
 * An emission waits tens of milliseconds for its batch, and every young-generation collection in
 * that time copies what it holds: these few fields instead of the whole parsed request.
 */
interface RequestFacts {
  tenant_ref: string;
  branch_ref: string;
  serie: number;
  ambiente: EmissionRequest['ambiente'];
  emitente: { cnpj: string; address_state: string };
}

const factsOf = (request: EmissionRequest): RequestFacts => ({
  tenant_ref: request.tenant_ref,
  branch_ref: request.branch_ref,
  serie: request.serie,
  ambiente: request.ambiente,
  emitente: { cnpj: request.emitente.cnpj, address_state: request.emitente.address_state },
});

interface CheckedRequest {
  productId: string;
  idempotencyKey: string;
  fingerprints: EmissionFingerprints;
  nfe: NumberableNfe;
  request: RequestFacts;
}

async function emitOnce(deps: EmissionDeps, checked: CheckedRequest): Promise<EmissionOutcome> {
  const { productId, idempotencyKey, fingerprints, request } = checked;
  const target = await deps.emissions.targets({
    productId,
    idempotencyKey,
    tenantRef: request.tenant_ref,
    branchRef: request.branch_ref,
    serie: request.serie,
  });
  if (target.replayId) {
    const document = await findByIdempotencyKey(deps.db, productId, idempotencyKey);
    if (!document) throw new Error('idempotency key vanished');
    return repeatOf(document, fingerprints);
  }
  const { seriesId, nextNumber, certificateId, cnpj, cnpjCertificado } = target;
  if (!seriesId || nextNumber === null)
    throw appError('series_not_found', `No series ${request.serie} for this tenant and branch.`);
  if (!certificateId || !cnpj || !cnpjCertificado) {
    throw appError('certificate_not_found', 'No live certificate for this tenant and branch.');
  }

  const credentials = await deps.credentials.get(certificateId);
  const issuedAt = deps.clock();
  const validity = certificateValidityAt(credentials, issuedAt);
  if (validity === 'expired')
    throw appError('certificate_expired', 'The branch certificate has expired.');
  if (validity === 'not_yet_valid')
    throw appError('certificate_not_yet_valid', 'The branch certificate is not valid yet.');
  if (!emitterMatchesCertificate(request.emitente.cnpj, { cnpj, cnpjCertificado })) {
    throw appError(
      'emitente_certificate_cnpj_mismatch',
      "emitente.cnpj does not match the certificate's CNPJ (or its root).",
    );
  }
  // The last checks that can refuse, with the instant the document is issued at: the rules of
  // its date (due dates, batches, dhSaiEnt, the IBS/CBS rates of the year) and its size. From here
  // the engine numbers, signs and stores.
  refuseUnsendable(checked.nfe, credentials, issuedAt);

  const result = await deps.emissions.engine.submit({
    target: {
      productId,
      seriesId,
      tenantRef: request.tenant_ref,
      branchRef: request.branch_ref,
      serie: request.serie,
    },
    idempotencyKey,
    requestFingerprint: fingerprints.current,
    ambiente: request.ambiente,
    uf: request.emitente.address_state,
    nfe: checked.nfe,
    credentials,
    issuedAt,
    counterHint: nextNumber,
  });
  // `replayed`: another process stored a document under this key while this one was queued.
  return result.kind === 'created'
    ? { replayed: false, document: result.document }
    : repeatOf(result.document, fingerprints);
}

/**
 * A key that already holds a document: a request for the same NF-e is a replay; one that would
 * make another NF-e is refused (emission-fingerprint.ts says what counts as the same).
 */
function repeatOf(document: DocumentRow, fingerprints: EmissionFingerprints): EmissionOutcome {
  if (!sameEmission(document.request_fingerprint, fingerprints)) throw idempotencyKeyReused();
  return { replayed: true, document };
}
