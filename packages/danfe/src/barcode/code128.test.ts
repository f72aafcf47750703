import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { code128Modules, code128Values, QUIET_ZONE_MODULES } from './code128.js';

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('CODE-128', () => {
  it("computes the MOC's worked check symbol: 09758364 → 48 (Anexo II §2.1)", () => {
    expect(code128Values('09758364')).toEqual([105, 9, 75, 83, 64, 48]);
  });

  it('encodes the 44-digit chave as Start C, 22 pairs and the check: 297 modules with quiet zones', () => {
    const chave = '43180906929383000163550010000000261000010301';
    const values = code128Values(chave);
    expect(values[0]).toBe(105);
    expect(values).toHaveLength(24);
    expect(values.slice(1, 23)).toEqual(chave.match(/\d\d/g)?.map(Number));
    expect(sum(code128Modules(chave)) + 2 * QUIET_ZONE_MODULES).toBe(297);
  });

  it('switches between C and A for the alphanumeric chave, never using B for capitals', () => {
    const chave = '352607ABC34501DE3555001000000123110203040007';
    const values = code128Values(chave);
    // Start C for 352607, CODE A for the letters, back to C for the digit run.
    expect(values[0]).toBe(105);
    expect(values).toContain(101);
    expect(values).not.toContain(100);
    expect(values.filter((v) => v === 99).length).toBeGreaterThan(0);
    // Fewer symbols than all of it in set A (1 start + 44 + check).
    expect(values.length).toBeLessThan(46);
  });

  it('builds every symbol from 3 bars and 3 spaces of 11 modules, the stop of 13', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,60}$/), (text) => {
        const modules = code128Modules(text);
        const symbols = code128Values(text).length;
        expect(modules).toHaveLength(symbols * 6 + 7);
        expect(sum(modules)).toBe(symbols * 11 + 13);
        for (let s = 0; s < symbols; s++) expect(sum(modules.slice(s * 6, s * 6 + 6))).toBe(11);
        expect(modules.every((w) => w >= 1 && w <= 4)).toBe(true);
      }),
    );
  });

  it('never takes more symbols than a single set would (digits: C; letters: A)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,40}$/), (text) => {
        const values = code128Values(text);
        // All of it in set A: start + one symbol per character + check.
        expect(values.length).toBeLessThanOrEqual(text.length + 2);
        if (/^\d+$/.test(text) && text.length % 2 === 0)
          expect(values.length).toBe(text.length / 2 + 2);
      }),
    );
  });

  it('encodes lower case through set B and refuses non-ASCII', () => {
    expect(code128Values('ab')).toEqual([104, 65, 66, (104 + 65 + 2 * 66) % 103]);
    expect(() => code128Values('ç')).toThrow(RangeError);
  });
});
