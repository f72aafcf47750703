import { describe, expect, it } from 'vitest';

import { duplicateReference } from '../classify/duplicates.js';
import { buildEnviNFe, MAX_MESSAGE_BYTES } from './envi-nfe.js';
import { packLots } from './lots.js';

const nfe = (bytes: number): string => `<NFe>${'x'.repeat(bytes - 11)}</NFe>`;

describe('packLots', () => {
  it('cuts at 50 documents and at 500 KB, keeping the order', () => {
    expect(packLots(Array.from({ length: 120 }, () => nfe(100))).map((lot) => lot.length)).toEqual([
      50, 50, 20,
    ]);
    const big = Array.from({ length: 7 }, () => nfe(120 * 1024));
    const lots = packLots(big);
    expect(lots).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
    for (const lot of lots) {
      const xml = buildEnviNFe({
        idLote: '123456789012345',
        sincrono: false,
        nfes: lot.map((i) => big[i] ?? ''),
      });
      expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    }
  });

  it('gives an oversized document a lot of its own, and nothing for nothing', () => {
    expect(packLots([nfe(100), nfe(600 * 1024), nfe(100)])).toEqual([[0], [1], [2]]);
    expect(packLots([])).toEqual([]);
    expect(packLots([nfe(100), nfe(100), nfe(100)], { maxCount: 2 })).toEqual([[0, 1], [2]]);
  });
});

describe('duplicateReference', () => {
  it('reads the chave and recibo of 204/539 texts', () => {
    expect(
      duplicateReference(
        'Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe: 35261158716523000119550010000000261407182930][nRec:351000109901280]',
      ),
    ).toEqual({ chNFe: '35261158716523000119550010000000261407182930', nRec: '351000109901280' });
    expect(duplicateReference('Rejeicao: Duplicidade de NF-e [nRec: 351000109901280]')).toEqual({
      nRec: '351000109901280',
    });
    expect(duplicateReference('Rejeição: Duplicidade de NF-e')).toEqual({});
  });
});
