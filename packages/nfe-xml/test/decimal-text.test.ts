import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decimalToString, parseDecimal } from '../src/index.js';
import { canonicalDecimalText, scanDecimalText } from '../src/primitives/index.js';
import { checkDecimal, MONEY, QUANTITY } from '../src/validate/decimal-field.js';
import { IssueList } from '../src/validate/issues.js';

/**
 * The contract, `parseDecimal` and the layout checks once had a reading of decimal text each (a
 * scan, a regex, another scan). They now share `scanDecimalText`; these cases are where such
 * readings tend to part: signs and points alone, zeros with a sign, leading and trailing zeros,
 * non-ASCII digits, exponents and spaces.
 */
const SPEC = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** What the layout check of money makes of `text`: its written form, or the issue type. */
function asMoney(text: string): string {
  const issues = new IssueList();
  const written = checkDecimal(issues, [], 'v', text, MONEY);
  return (
    written ??
    issues
      .toArray()
      .map((i) => i.type)
      .join(',')
  );
}

describe('one reading of decimal text', () => {
  it.each([
    // text, canonical (the contract's value), nfe-xml's scale, the money layout's form or issue
    ['0', '0', 0, '0.00'],
    ['-0', '0', 0, '0.00'],
    ['+0', '0', 0, '0.00'],
    ['-0.00', '0', 2, '0.00'],
    ['-.0', '0', 1, '0.00'],
    ['00.000', '0', 3, '0.00'],
    ['1.', '1', 0, '1.00'],
    ['+1.', '1', 0, '1.00'],
    ['.5', '0.5', 1, '0.50'],
    ['+.5', '0.5', 1, '0.50'],
    ['-.5', '-0.5', 1, 'greater_than_equal'],
    ['007.50', '7.5', 2, '7.50'],
    ['1.50', '1.5', 2, '1.50'],
    ['12.345', '12.345', 3, 'decimal_max_places'],
    ['12.3400', '12.34', 4, '12.34'],
    ['99999999999999', '99999999999999', 0, 'decimal_whole_digits'],
  ])('%j reads as %j (scale %i; money %j)', (text, canonical, scale, money) => {
    expect(canonicalDecimalText(text)).toBe(canonical);
    const value = parseDecimal(text);
    expect(value?.scale).toBe(scale);
    // The exact value and the canonical text agree: both drop a zero's sign and trailing zeros.
    expect(value && decimalToString(value)).toBe(canonical);
    expect(asMoney(text)).toBe(money);
  });

  it.each(['', '+', '-', '.', '+.', '-.', '--1', '+-1', '1..2', '1.2.3', '1e5', '1E5', '1,5', ' 1',
    '1 ', '\t1', '1\n', '١٢', '１２', '0x10', '1_000', 'NaN', 'Infinity', '.e1', '1-'])(
    '%j is decimal text for none of them',
    (text) => {
      expect(scanDecimalText(text)).toBeUndefined();
      expect(canonicalDecimalText(text)).toBeUndefined();
      expect(parseDecimal(text)).toBeUndefined();
      expect(asMoney(text)).toBe('decimal_parsing');
    },
  ); // prettier-ignore

  it('a zero of any sign is not above zero for a quantity', () => {
    const issues = new IssueList();
    for (const zero of ['0', '-0', '+0.000', '.0'])
      expect(checkDecimal(issues, [], 'q', zero, QUANTITY)).toBeUndefined();
    expect(issues.toArray().map((i) => i.type)).toEqual(Array(4).fill('greater_than'));
  });

  it('accepts exactly the spec pattern, and every reading gives the same value', () => {
    const text = fc.string({
      unit: fc.constantFrom('0', '1', '9', '.', '+', '-', 'e', ' '),
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, (candidate) => {
        const canonical = canonicalDecimalText(candidate);
        expect(canonical !== undefined).toBe(SPEC.test(candidate));
        const value = parseDecimal(candidate);
        expect(value && decimalToString(value)).toBe(canonical);
        if (canonical === undefined) {
          expect(asMoney(candidate)).toBe('decimal_parsing');
          return;
        }
        const [whole = '', places = ''] = canonical.split('.');
        // A money value that fits TDec_1302 is written with the same value (two places).
        if (!whole.startsWith('-') && whole.length <= 13 && places.length <= 2) {
          const written = parseDecimal(asMoney(candidate));
          expect(written && decimalToString(written)).toBe(canonical);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
