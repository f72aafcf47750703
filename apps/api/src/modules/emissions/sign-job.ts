import { randomInt } from 'node:crypto';

import { pickCodigoNumerico, renderNfe } from '@emissor/nfe-xml';

import type { SigningPool } from '../../signing/signing-pool.js';
import type { EmissionJob } from './emission-job.js';

/** A document built and signed with its number, ready to be stored. */
export interface SignedDocument {
  numero: number;
  chave: string;
  codigoNumerico: string;
  ambiente: string;
  idempotencyKey: string;
  xml: string;
}

const drawEightDigits = () => randomInt(0, 100_000_000).toString().padStart(8, '0');

/**
 * Builds the XML of a job with its number (cheap: the items were rendered before numbering) and has
 * it signed and verified; rejects when the fresh signature does not verify, so such a document is
 * never stored.
 */
export async function signJob(
  job: EmissionJob,
  numero: number,
  signing: SigningPool,
): Promise<SignedDocument> {
  const codigoNumerico = pickCodigoNumerico(numero, drawEightDigits);
  const { xml, chave } = renderNfe(job.prepared, {
    numero,
    codigoNumerico,
    issuedAt: job.issuedAt,
  });
  const signedXml = await signing.signAndVerify(xml, job.credentials);
  return {
    numero,
    chave,
    codigoNumerico,
    ambiente: job.ambiente,
    idempotencyKey: job.idempotencyKey,
    xml: signedXml,
  };
}
