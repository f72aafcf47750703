import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addDecimals,
  compareDecimals,
  decimal,
  decimalToString,
  formatDecimal,
  fractionDigits,
  integerDigits,
  multiplyDecimals,
  parseDecimal,
  roundDecimal,
  subtractDecimals,
  sumDecimals,
} from '../src/decimal.js';

describe('decimal', () => {
  it('parses the spec decimal strings and nothing else', () => {
    for (const ok of ['10', '0.1', '-3.50', '+1.', '.5', '007'])
      expect(parseDecimal(ok), ok).toBeDefined();
    for (const bad of ['', '.', '+', '-.', '1e5', '1,5', ' 1', '1 ', 'NaN', '0x10', '1.2.3'])
      expect(parseDecimal(bad), bad).toBeUndefined();
  });

  it('does exact arithmetic where floats do not', () => {
    expect(decimalToString(addDecimals(decimal('0.1'), decimal('0.2')))).toBe('0.3');
    expect(decimalToString(subtractDecimals(decimal('1'), decimal('0.9')))).toBe('0.1');
    expect(decimalToString(multiplyDecimals(decimal('1.1'), decimal('1.1')))).toBe('1.21');
    expect(decimalToString(sumDecimals(Array.from({ length: 10 }, () => decimal('0.1'))))).toBe(
      '1',
    );
    expect(formatDecimal(decimal('99999999999.9999'), 4)).toBe('99999999999.9999');
  });

  it('rounds half away from zero', () => {
    expect(formatDecimal(decimal('1.005'), 2)).toBe('1.01');
    expect(formatDecimal(decimal('1.004999'), 2)).toBe('1.00');
    expect(formatDecimal(decimal('-0.125'), 2)).toBe('-0.13');
    expect(formatDecimal(decimal('2.5'), 0)).toBe('3');
    expect(formatDecimal(decimal('0.0049'), 2)).toBe('0.00');
    expect(formatDecimal(decimal('7'), 2)).toBe('7.00');
    expect(decimalToString(roundDecimal(decimal('0.3333333333'), 4))).toBe('0.3333');
  });

  it('counts places and whole digits without trailing zeros', () => {
    expect(fractionDigits(decimal('10.500'))).toBe(1);
    expect(fractionDigits(decimal('3'))).toBe(0);
    expect(fractionDigits(decimal('0.000'))).toBe(0);
    expect(integerDigits(decimal('0.5'))).toBe(1);
    expect(integerDigits(decimal('-123.4'))).toBe(3);
  });

  it('compares across scales', () => {
    expect(compareDecimals(decimal('1.10'), decimal('1.1'))).toBe(0);
    expect(compareDecimals(decimal('-1'), decimal('0.5'))).toBe(-1);
    expect(compareDecimals(decimal('10'), decimal('9.999'))).toBe(1);
  });

  it('agrees with BigInt cents arithmetic on random values', () => {
    const cents = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
    const text = (c: bigint) =>
      `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(formatDecimal(addDecimals(decimal(text(a)), decimal(text(b))), 2)).toBe(text(a + b));
        expect(formatDecimal(subtractDecimals(decimal(text(a)), decimal(text(b))), 2)).toBe(
          text(a - b),
        );
        expect(compareDecimals(decimal(text(a)), decimal(text(b)))).toBe(
          a < b ? -1 : a > b ? 1 : 0,
        );
      }),
    );
  });
});
