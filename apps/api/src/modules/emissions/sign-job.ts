import { randomInt } from 'node:crypto';

import { pickCodigoNumerico } from '@emissor/nfe-xml';

import type { SigningPool } from '../../signing/signing-pool.js';
import type { DocumentToStore } from './document-store.js';
import type { EmissionJob } from './emission-job.js';

/** The engine's signing port: a job's document with this number, signed, verified, ready to store. */
export type SignJob = (job: EmissionJob, numero: number) => Promise<DocumentToStore>;

/** The SVC contingency a UF and ambiente are in now (contingency-book.ts), or undefined. */
export type ContingencyOf = (
  uf: string,
  ambiente: string,
) => { tpEmis: '6' | '7'; startedAt: Date; justification: string } | undefined;

const drawEightDigits = () => randomInt(0, 100_000_000).toString().padStart(8, '0');

/**
 * Completes the XML of a job with its number (cheap: the items were rendered before numbering) and
 * has it signed and verified; rejects when the fresh signature does not verify, so such a document
 * is never stored. A job of a UF in SVC contingency is issued there (tpEmis 6/7, dhCont, xJust),
 * unless the contingency began after the job's instant of issue: that one is issued normally and
 * re-issued in SVC before it is sent (contingency/svc-reissue.ts).
 */
export function signJobsWith(signing: SigningPool, contingencyOf?: ContingencyOf): SignJob {
  return async (job, numero) => {
    const codigoNumerico = pickCodigoNumerico(numero, drawEightDigits);
    const period = contingencyOf?.(job.uf, job.ambiente);
    const contingency =
      period && period.startedAt <= job.issuedAt
        ? { tpEmis: period.tpEmis, since: period.startedAt, justification: period.justification }
        : undefined;
    const { xml, chave } = job.nfe.render({
      numero,
      codigoNumerico,
      issuedAt: job.issuedAt,
      ...(contingency && { contingency }),
    });
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
