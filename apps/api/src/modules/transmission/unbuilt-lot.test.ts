import { describe, expect, it } from 'vitest';

import type { AttemptResult, ClaimedToSend } from './transmission-store.js';
import { resultsOfUnbuiltLot } from './unbuilt-lot.js';

let next = 0;
const claimed = (xml: string): ClaimedToSend => ({
  documentId: `doc-${++next}`,
  attempt: 1,
  maybeSent: false,
  recibo: null,
  reciboAt: null,
  tMed: null,
  lastCStat: null,
  lastError: null,
  localFailures: 0,
  chave: `35${String(next).padStart(42, '0')}`,
  ambiente: 'homologacao',
  productId: 'p',
  certificateId: 'cert-a',
  enqueuedAt: new Date(),
  xml,
});

const nfe = '<NFe><infNFe/></NFe>';
const authorised: AttemptResult = {
  kind: 'final',
  status: 'autorizada',
  cStat: '100',
  xMotivo: 'ok',
};

describe('resultsOfUnbuiltLot', () => {
  it('sends the others at once without the document no lot can carry, which fails locally', async () => {
    const lot = [claimed(nfe), claimed('<nfeProc/>'), claimed(nfe)];
    const sentNow: string[][] = [];
    const results = await resultsOfUnbuiltLot(
      lot,
      'nfes[1]: expected an <NFe> document',
      100,
      (rest) => {
        sentNow.push(rest.map((d) => d.documentId));
        return Promise.resolve(rest.map(() => authorised));
      },
    );
    expect(sentNow).toEqual([[lot[0]?.documentId, lot[2]?.documentId]]);
    expect(results[0]).toBe(authorised);
    expect(results[1]).toMatchObject({
      kind: 'later',
      localFailures: 1,
      notSent: true,
      error: 'nfes[0]: expected an <NFe> document',
    });
    expect(results[2]).toBe(authorised);
  });

  it('sends nothing when every document could travel alone: the lot itself was wrong', async () => {
    const lot = [claimed(nfe), claimed(nfe)];
    const results = await resultsOfUnbuiltLot(lot, 'expected 1–50 NF-e', 100, () => {
      throw new Error('nothing should be sent');
    });
    for (const result of results)
      expect(result).toMatchObject({
        kind: 'later',
        notSent: true,
        error: 'the lot was not built: expected 1–50 NF-e',
      });
    expect(results[0]).not.toHaveProperty('localFailures');
  });
});
