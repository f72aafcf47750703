import { ProcAssemblyError, type ProtNFe } from '@emissor/sefaz';
import { describe, expect, it } from 'vitest';

import { finalOf } from './outcomes.js';
import type { ClaimedDocument } from './transmission-store.js';

const CHAVE = '35261158716523000119550010000000011003000000';
const OTHER = '35261158716523000119550010000000021003000007';

// A receipt poll's claim: no XML, only what the queue and the documents table say.
const claimed: ClaimedDocument = {
  documentId: 'doc-1',
  attempt: 2,
  maybeSent: true,
  recibo: '351000000000001',
  reciboAt: new Date(),
  tMed: 1,
  lastCStat: '103',
  lastError: '103 Lote recebido com sucesso',
  localFailures: 0,
  chave: CHAVE,
  ambiente: 'homologacao',
  productId: 'p',
  certificateId: 'cert-a',
  enqueuedAt: new Date(),
};

function protNFe(chNFe: string): ProtNFe {
  return {
    versao: '4.00',
    tpAmb: '2',
    verAplic: 'SP_NFE_PL_009_V4',
    chNFe,
    dhRecbto: '2026-11-27T10:00:00-03:00',
    nProt: '135260000000001',
    digVal: 'abc=',
    cStat: '100',
    xMotivo: 'Autorizado o uso da NF-e',
    xml: `<protNFe versao="4.00"><infProt><chNFe>${chNFe}</chNFe></infProt></protNFe>`,
  };
}

const authorised = {
  kind: 'final',
  result: 'autorizada',
  cStat: '100',
  xMotivo: 'Autorizado o uso da NF-e',
} as const;

describe('finalOf', () => {
  it("keeps the protocol of the document's own chave", () => {
    const prot = protNFe(CHAVE);
    expect(finalOf(claimed, authorised, prot)).toEqual({
      kind: 'final',
      status: 'autorizada',
      cStat: '100',
      xMotivo: 'Autorizado o uso da NF-e',
      protocolo: { nProt: prot.nProt, dhRecbto: prot.dhRecbto, protNFe: prot.xml },
    });
  });

  it('refuses a protocol for another chave: it is never stored as this NF-e’s', () => {
    expect(() => finalOf(claimed, authorised, protNFe(OTHER))).toThrow(ProcAssemblyError);
  });

  it('needs a protocol to authorise, not to reject', () => {
    expect(finalOf(claimed, authorised, undefined)).toBeUndefined();
    expect(
      finalOf(claimed, { ...authorised, result: 'rejeitada', cStat: '225' }, undefined),
    ).toMatchObject({ kind: 'final', status: 'rejeitada', cStat: '225' });
  });
});
