import { NfeValidationError, reissueInSvc, type ResponsavelTecnico } from '@emissor/nfe-xml';
import type { SigningCredentials } from '@emissor/signer';
import { ufOfCUF } from '@emissor/sefaz';

import type { Logger } from '../../logging/logger.js';
import type { SigningPool } from '../../signing/signing-pool.js';
import type { PackingCertificateIds } from '../../storage/packing-certificates.js';
import { packingDictionary, unpackXml } from '../../storage/xml-packing.js';
import type { ClaimedToSend } from '../transmission/transmission-store.js';
import type { ContingencyBook } from './contingency-book.js';

/** Stores a re-issued document while its attempt holds it (reissue-sql.ts); false once lost. */
export type StoreReissued = (
  claimed: ClaimedToSend,
  reissued: { chave: string; packed: Uint8Array; packingCertificateId: number },
) => Promise<boolean>;

export interface SvcReissuePorts {
  book: ContingencyBook;
  signing: SigningPool;
  credentialsOf: (certificateId: string) => Promise<SigningCredentials>;
  packingIds: PackingCertificateIds;
  store: StoreReissued;
  responsavelTecnico?: ResponsavelTecnico | undefined;
}

/**
 * Documents claimed to be sent for the first time, each re-issued in SVC when its UF is in
 * contingency (tpEmis 6/7, dhCont and xJust of the period, a new chave, signed again and stored
 * before it is sent). Only these: a document claimed "never sent" never reached the authoriser,
 * so giving its number a new chave cannot make two authorised NF-e; one that may have been sent
 * is consulted at the authoriser and waits for it. Returns the documents as they are to be sent,
 * without those whose attempt lost the row meanwhile.
 */
export function svcReissue(ports: SvcReissuePorts, logger: Logger) {
  return async (documents: ClaimedToSend[]): Promise<ClaimedToSend[]> => {
    if (ports.book.periods().length === 0) return documents;
    const out: ClaimedToSend[] = [];
    for (const document of documents) {
      const uf = ufOfCUF(document.chave.slice(0, 2));
      const period = uf && ports.book.periodOf(uf, document.ambiente);
      if (!period || document.maybeSent || document.chave.charAt(34) !== '1') {
        out.push(document);
        continue;
      }
      if (!document.certificateId) {
        out.push(document); // waits for a certificate, as any document without one
        continue;
      }
      try {
        const credentials = await ports.credentialsOf(document.certificateId);
        const { xml, chave } = reissueInSvc(
          document.xml,
          { tpEmis: period.tpEmis, since: period.startedAt, justification: period.justification },
          ports.responsavelTecnico,
        );
        const packed = await ports.signing.signAndPack(xml, credentials);
        const [packingCertificateId] = await ports.packingIds.idsOf([
          credentials.certificateBase64,
        ]);
        if (packingCertificateId === undefined) throw new Error('no packing certificate id');
        if (!(await ports.store(document, { chave, packed, packingCertificateId }))) continue;
        logger.info(
          { document_id: document.documentId, chave_normal: document.chave, chave },
          'document re-issued in SVC',
        );
        const signed = unpackXml(
          Buffer.from(packed),
          packingDictionary(credentials.certificateBase64),
        );
        out.push({ ...document, chave, xml: signed });
      } catch (error) {
        // Not a document this service rendered (NfeValidationError), or signing failed: it goes
        // to the authoriser as it is, whose refusal (108/109) leaves it never sent, to be tried
        // again at the next claim.
        const expected = error instanceof NfeValidationError;
        logger[expected ? 'warn' : 'error'](
          { err: error, document_id: document.documentId },
          'not re-issued in SVC',
        );
        out.push(document);
      }
    }
    return out;
  };
}
