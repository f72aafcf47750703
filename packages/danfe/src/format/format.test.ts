import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatDecimal, formatRate, roundDecimal, sumDecimals } from './decimal.js';
import {
  formatCep,
  formatDate,
  formatDateTime,
  formatDocument,
  formatNumber,
  formatPhone,
  formatTime,
  groupKey,
} from './documents.js';
import { toWinAnsi } from './win-ansi.js';

describe('decimal text', () => {
  it.each([
    ['2.345', 2, '2.35'],
    ['-2.345', 2, '-2.35'],
    ['2.344', 2, '2.34'],
    ['99.995', 2, '100.00'],
    ['0.1', 4, '0.1000'],
    ['10', 0, '10'],
    ['9.5', 0, '10'],
    ['-0.001', 2, '0.00'],
    ['1234567890123.45', 2, '1234567890123.45'],
    ['0.1234567890', 4, '0.1235'],
  ])('roundDecimal(%s, %i) = %s', (text, places, expected) => {
    expect(roundDecimal(text, places)).toBe(expected);
  });

  it('writes pt-BR groups and comma', () => {
    expect(formatDecimal('1234567.8', 2)).toBe('1.234.567,80');
    expect(formatDecimal('-1000', 2)).toBe('-1.000,00');
    expect(formatDecimal('999', 0)).toBe('999');
    expect(formatRate('18.0000')).toBe('18,00');
    expect(formatRate('0.9250')).toBe('0,925');
    expect(formatRate('7')).toBe('7,00');
  });

  it('sums exactly, unlike binary floats', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['10.500', '4.000', '-0.25'])).toBe('14.250');
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), { maxLength: 20 }),
        (cents) => {
          const text = (c: bigint) => {
            const abs = c < 0n ? -c : c;
            return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
          };
          const total = cents.reduce((a, b) => a + b, 0n);
          expect(roundDecimal(sumDecimals(cents.map(text)), 2)).toBe(roundDecimal(text(total), 2));
        },
      ),
    );
  });

  it('refuses non-decimal text', () => {
    expect(() => roundDecimal('1,5', 2)).toThrow(RangeError);
    expect(() => formatRate('abc')).toThrow(RangeError);
  });
});

describe('documents and dates', () => {
  it('formats CNPJ (numeric and alphanumeric), CPF, CEP, phone, número', () => {
    expect(formatDocument('58716523000119')).toBe('58.716.523/0001-19');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('12345678909')).toBe('123.456.789-09');
    expect(formatDocument('PASSPORT123')).toBe('PASSPORT123');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('11933334444')).toBe('(11) 93333-4444');
    expect(formatPhone('004955512345')).toBe('004955512345');
    expect(formatNumber('26')).toBe('000.000.026');
    expect(groupKey('43180906929383000163550010000000261000010301')).toBe(
      '4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301',
    );
  });

  it("reads the emitter's local date and time from the text, without time-zone conversion", () => {
    expect(formatDate('2026-11-21T23:30:00-03:00')).toBe('21/11/2026');
    expect(formatTime('2026-11-21T23:30:00-03:00')).toBe('23:30:00');
    expect(formatDateTime('2018-09-25T16:21:05-03:00')).toBe('25/09/2018 16:21:05');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
    expect(formatTime('2026-12-31')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('toWinAnsi', () => {
  it('keeps Portuguese and WinAnsi typography, maps the rest', () => {
    expect(toWinAnsi('Ação º ª é ç – “x” € …')).toBe('Ação º ª é ç – “x” € …');
    expect(toWinAnsi('Győr ≥ 2\t★')).toBe('Gyor >= 2 ?');
    expect(toWinAnsi('a\r\nb')).toBe('a\nb');
  });
});
