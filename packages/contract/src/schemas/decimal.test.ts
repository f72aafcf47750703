import { describe, expect, it } from 'vitest';
import { z } from 'zod';

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

/** The canonicaliser as first written (regex and replaces): the single-scan one must agree. */
function referenceCanonical(text: string): string | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  const negative = text.startsWith('-');
  const [rawInt = '', rawFrac = ''] = text.replace(/^[+-]/, '').split('.');
  const int = rawInt.replace(/^0+/, '') || '0';
  const frac = rawFrac.replace(/0+$/, '');
  const magnitude = frac ? `${int}.${frac}` : int;
  return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
}

describe('parseDecimal: the single scan agrees with the regex form', () => {
  it('on 20000 random strings over sign, digit, point and stray characters', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = '0000123456789..+-e, x٣';
    for (let i = 0; i < 20000; i++) {
      const length = Math.floor(next() * 9);
      let text = '';
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
      const expected = referenceCanonical(text);
      expect(parseDecimal(text), text).toEqual(
        expected === undefined
          ? { ok: false, problem: 'decimal_parsing' }
          : { ok: true, value: expected },
      );
    }
  });
});

describe('DecimalSchema: typeof dispatch', () => {
  // What DecimalSchema was before: a plain union, trying number then string.
  const union = z.union([z.number(), z.string()]).transform((value) => parseDecimal(value));

  it.each([0, 1.5, -2, 1e21, '1', '-0.50', '', 'x', '1e5'])(
    'parses %j exactly as the plain union did',
    (value) => {
      const plain = union.safeParse(value);
      const parsed = parseDecimal(value);
      expect(plain.data).toEqual(parsed);
      const fast = DecimalSchema.safeParse(value);
      if (parsed.ok) expect(fast).toEqual({ success: true, data: parsed.value });
      else expect(issueType(fast)).toEqual([parsed.problem]);
    },
  );

  it.each([true, null, {}, [], Number.NaN])('reports %j as one decimal_type issue', (value) => {
    const result = DecimalSchema.safeParse(value);
    if (Number.isNaN(value)) {
      // NaN is no JSON value; it keeps the union's own report.
      expect(result.error?.issues.map((i) => i.code)).toEqual(['invalid_union']);
      return;
    }
    expect(result.error?.issues).toEqual([
      {
        code: 'custom',
        message: 'Decimal input should be an integer, float, string or Decimal object',
        params: { type: 'decimal_type' },
        path: [],
      },
    ]);
  });

  it('reports a missing value as invalid_type received undefined (the API says "missing")', () => {
    expect(DecimalSchema.safeParse(undefined).error?.issues).toMatchObject([
      { code: 'invalid_type', expected: 'number', received: 'undefined' },
    ]);
  });

  it('still is a ZodUnion of number and string (client types and OpenAPI anyOf)', () => {
    const inner = DecimalSchema._def.schema;
    expect(inner).toBeInstanceOf(z.ZodUnion);
    expect(inner.options.map((o) => o._def.typeName)).toEqual(['ZodNumber', 'ZodString']);
  });
});
