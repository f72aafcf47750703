import { randomInt } from 'node:crypto';

import { pickCodigoNumerico } from '@emissor/nfe-xml';

import type { SigningPool } from '../../signing/signing-pool.js';
import type { DocumentToStore } from './document-store.js';
import type { EmissionJob } from './emission-job.js';

/** The engine's signing port: a job's document with this number, signed, verified, ready to store. */
export type SignJob = (job: EmissionJob, numero: number) => Promise<DocumentToStore>;

const drawEightDigits = () => randomInt(0, 100_000_000).toString().padStart(8, '0');

/**
 * Completes the XML of a job with its number (cheap: the items were rendered before numbering) and
 * has it signed and verified; rejects when the fresh signature does not verify, so such a document
 * is never stored.
 */
export function signJobsWith(signing: SigningPool): SignJob {
  return async (job, numero) => {
    const codigoNumerico = pickCodigoNumerico(numero, drawEightDigits);
    const { xml, chave } = job.nfe.render({ numero, codigoNumerico, issuedAt: job.issuedAt });
    return {
      target: job.target,
      numero,
      chave,
      codigoNumerico,
      ambiente: job.ambiente,
      idempotencyKey: job.idempotencyKey,
      requestFingerprint: job.requestFingerprint,
      packedXml: await signing.signAndPack(xml, job.credentials),
      certificateBase64: job.credentials.certificateBase64,
    };
  };
}
