import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { DecimalSchema, parseDecimal, PositiveDecimalSchema } from './decimal.js';

/** The pydantic name each custom issue carries in `params.type`. */
const issueType = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.error?.issues.map((i) =>
    i.code === 'custom' ? (i.params as { type?: string } | undefined)?.type : i.code,
  );

describe('parseDecimal: numbers', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [-1.5, '-1.5'],
    [10.5, '10.5'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1e-7, '0.0000001'],
    [-1.5e-10, '-0.00000000015'],
    [1.2345e-5, '0.000012345'],
    [1e21, '1000000000000000000000'],
    [1.5e22, '15000000000000000000000'],
    [123456789.125, '123456789.125'],
    [Number.MIN_VALUE, `0.${'0'.repeat(323)}5`],
  ])('%s → %s', (input, expected) => {
    expect(parseDecimal(input)).toEqual({ ok: true, value: expected });
  });

  it('writes the shortest text that reads back as the same double, never an exponent', () => {
    // A fixed-seed LCG over wide magnitudes: deterministic, but not hand-picked.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const value = (next() - 0.5) * 10 ** Math.floor(next() * 60 - 30);
      const parsed = parseDecimal(value);
      if (!parsed.ok) throw new Error(`rejected ${value}`);
      expect(parsed.value).toMatch(/^-?\d+(\.\d*[1-9])?$/);
      expect(Number(parsed.value)).toBe(value === 0 ? 0 : value);
      // Significant digits: what String(n) gives, at most 17 for a double.
      const significant = parsed.value.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
      expect(significant.length).toBeLessThanOrEqual(17);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects %s as finite_number',
    (value) => {
      expect(parseDecimal(value)).toEqual({ ok: false, problem: 'finite_number' });
    },
  );
});

describe('parseDecimal: strings', () => {
  it.each([
    ['10.50', '10.5'],
    ['+1.50', '1.5'],
    ['007', '7'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['000.000100', '0.0001'],
    ['-12.340', '-12.34'],
    // Beyond double precision: kept digit for digit, never through a float.
    ['12345678901234567890.123456789012345678', '12345678901234567890.123456789012345678'],
  ])('%j → %j', (input, expected) => {
    expect(parseDecimal(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    '',
    '+',
    '-',
    '.',
    '-.',
    '+-1',
    '1e5',
    '1,5',
    ' 1',
    '1 ',
    'abc',
    '1.2.3',
    '0x10',
    'Infinity',
    'NaN',
  ])('rejects %j as decimal_parsing', (input) => {
    expect(parseDecimal(input)).toEqual({ ok: false, problem: 'decimal_parsing' });
  });
});

describe('DecimalSchema', () => {
  it('outputs a string for numbers and strings alike', () => {
    expect(DecimalSchema.parse(2)).toBe('2');
    expect(DecimalSchema.parse(-2.5)).toBe('-2.5');
    expect(DecimalSchema.parse('2.50')).toBe('2.5');
  });

  it('names its failure in params.type for the 422 translator', () => {
    expect(issueType(DecimalSchema.safeParse('1,5'))).toEqual(['decimal_parsing']);
  });

  it('rejects other JSON types', () => {
    for (const value of [true, null, undefined, {}, []])
      expect(DecimalSchema.safeParse(value).success).toBe(false);
  });
});

describe('PositiveDecimalSchema', () => {
  it.each([0, -0, -1, '0', '0.000', '-0.01', '-5'])('rejects %j as greater_than', (value) => {
    const result = PositiveDecimalSchema.safeParse(value);
    expect(issueType(result)).toEqual(['greater_than']);
    expect(result.error?.issues[0]).toMatchObject({ params: { ctx: { gt: 0 } } });
  });

  it.each([
    [1e-7, '0.0000001'],
    ['0.0001', '0.0001'],
    ['+3', '3'],
  ])('accepts %j as %j', (value, expected) => {
    expect(PositiveDecimalSchema.parse(value)).toBe(expected);
  });

  it('reports a malformed string as decimal_parsing, not greater_than', () => {
    expect(issueType(PositiveDecimalSchema.safeParse('-'))).toEqual(['decimal_parsing']);
  });
});
