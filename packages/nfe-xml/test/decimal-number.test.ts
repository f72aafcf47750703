import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { compareDecimals, decimal } from '../src/decimal.js';
import { numberToDecimalText, sameDecimalValue } from '../src/primitives/index.js';

describe('numberToDecimalText', () => {
  it.each([
    [0, '0'],
    [-1.5, '-1.5'],
    [1e-7, '0.0000001'],
    [-1.25e-8, '-0.0000000125'],
    [1e21, '1000000000000000000000'],
    [1.5e21, '1500000000000000000000'],
    [123.456, '123.456'],
  ])('%s → %s', (value, text) => expect(numberToDecimalText(value)).toBe(text));

  it('writes decimal text that reads back as the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = numberToDecimalText(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('sameDecimalValue', () => {
  it.each([
    ['12.50', '1.25e1'],
    ['0', '-0.000'],
    ['0e999999999', '0'],
    ['1E-7', '0.0000001'],
    ['100', '1e2'],
  ])('%s and %s are the same value', (a, b) => expect(sameDecimalValue(a, b)).toBe(true));

  it.each([
    ['1', '-1'],
    ['1e-999999999', '0'],
    ['0.1', '0.10000000000000001'],
    ['Infinity', 'Infinity'],
  ])('%s and %s are not', (a, b) => expect(sameDecimalValue(a, b)).toBe(false));

  it('agrees with the exact decimals on decimal text', () => {
    const text = fc
      .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.nat({ max: 8 }))
      .map(([units, scale]) => {
        const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
        const int = digits.slice(0, digits.length - scale);
        return `${units < 0n ? '-' : ''}${int}${scale > 0 ? `.${digits.slice(-scale)}` : ''}`;
      });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sameDecimalValue(a, b)).toBe(compareDecimals(decimal(a), decimal(b)) === 0);
      }),
    );
  });
});
