import { describe, expect, it } from 'vitest';

import { buildEnviNFe, checkNfeTravelsAlone, MAX_MESSAGE_BYTES } from './envi-nfe.js';
import { SefazMessageError } from './errors.js';
import { LONGEST_ID_LOTE, LOT_ENVELOPE_BYTES, MAX_NFE_BYTES } from './lot-envelope.js';
import { packLots } from './lots.js';

/** An `<NFe>` of exactly `bytes` UTF-8 bytes. */
const nfe = (bytes: number): string => `<NFe>${'x'.repeat(bytes - 11)}</NFe>`;

describe('the 500 KB of an enviNFe', () => {
  it('is the envelope at its largest plus the NF-e: exactly what buildEnviNFe writes', () => {
    for (const sincrono of [true, false]) {
      const lot = buildEnviNFe({ idLote: LONGEST_ID_LOTE, sincrono, nfes: [nfe(100)] });
      expect(Buffer.byteLength(lot)).toBe(LOT_ENVELOPE_BYTES + 100);
    }
    // A shorter idLote only makes the envelope shorter.
    const short = buildEnviNFe({ idLote: '1', sincrono: true, nfes: [nfe(100)] });
    expect(Buffer.byteLength(short)).toBeLessThan(LOT_ENVELOPE_BYTES + 100);
    expect(MAX_NFE_BYTES).toBe(MAX_MESSAGE_BYTES - LOT_ENVELOPE_BYTES);
  });

  it('lets an NF-e of MAX_NFE_BYTES travel alone, and not one byte more', () => {
    expect(() => checkNfeTravelsAlone(nfe(MAX_NFE_BYTES))).not.toThrow();
    const lot = buildEnviNFe({
      idLote: LONGEST_ID_LOTE,
      sincrono: true,
      nfes: [nfe(MAX_NFE_BYTES)],
    });
    expect(Buffer.byteLength(lot)).toBe(MAX_MESSAGE_BYTES);
    expect(() => checkNfeTravelsAlone(nfe(MAX_NFE_BYTES + 1))).toThrow(SefazMessageError);
    // Multi-byte characters count as the bytes they are.
    expect(() => checkNfeTravelsAlone(nfe(MAX_NFE_BYTES - 1).replace('xx', 'é'))).not.toThrow();
    expect(() => checkNfeTravelsAlone(nfe(MAX_NFE_BYTES).replace('x', 'é'))).toThrow(
      /512,001 bytes, over the 512,000 bytes \(500 KB\)/,
    );
    expect(() => checkNfeTravelsAlone('<nfeProc/>')).toThrow(SefazMessageError);
  });

  it('packs lots up to exactly 500 KB', () => {
    const half = (MAX_MESSAGE_BYTES - LOT_ENVELOPE_BYTES) / 2;
    expect(packLots([nfe(half), nfe(half), nfe(1_000)])).toEqual([[0, 1], [2]]);
    expect(packLots([nfe(half), nfe(half + 1), nfe(1_000)])).toEqual([[0], [1, 2]]);
    const full = buildEnviNFe({
      idLote: LONGEST_ID_LOTE,
      sincrono: false,
      nfes: [nfe(half), nfe(half)],
    });
    expect(Buffer.byteLength(full)).toBe(MAX_MESSAGE_BYTES);
  });
});
