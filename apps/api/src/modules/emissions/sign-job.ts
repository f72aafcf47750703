import { randomInt } from 'node:crypto';

import { pickCodigoNumerico, renderNfe } from '@emissor/nfe-xml';
import { signNfe, verifyNfe } from '@emissor/signer';

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
 * Builds the XML of a job with its number, signs it and verifies the signature before anything is
 * stored (decisions.md: build, sign, verify, insert). Throws when the fresh signature does not
 * verify: such a document must never be stored.
 */
export function signJob(job: EmissionJob, numero: number): SignedDocument {
  const codigoNumerico = pickCodigoNumerico(numero, drawEightDigits);
  const { xml, chave } = renderNfe(job.prepared, { numero, codigoNumerico, issuedAt: job.issuedAt });
  const signedXml = signNfe(xml, job.credentials);
  const verification = verifyNfe(signedXml);
  if (!verification.valid) throw new Error(`freshly signed document failed verification: ${verification.reason}`);
  return { numero, chave, codigoNumerico, ambiente: job.ambiente, idempotencyKey: job.idempotencyKey, xml: signedXml };
}
