import { describe, expect, it } from 'vitest';

import { findInexactNumbers, mayHaveInexactNumbers, readsBackExactly } from './exact-numbers.js';

describe('readsBackExactly', () => {
  it.each([
    '0',
    '-0',
    '1',
    '10.50',
    '1.05e1',
    '0.1',
    '123456789012345',
    '9007199254740992',
    '1E-7',
  ])('%s keeps its value', (text) => expect(readsBackExactly(text)).toBe(true));
  it.each([
    '12345678901.123456789',
    '9007199254740993',
    '0.12345678901234567890',
    '1e400',
    '1e-400',
  ])('%s does not', (text) => expect(readsBackExactly(text)).toBe(false));
});

describe('findInexactNumbers', () => {
  it('names each inexact number by its path, through nesting, escaped keys and strings', () => {
    const text =
      '{"a\\"b":[1, {"x":"12345678901234567890","y":[0.5, 12345678901.123456789]}],"z":-1e999}';
    expect(mayHaveInexactNumbers(text)).toBe(true);
    const issues = findInexactNumbers(text);
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [['body', 'a"b', 1, 'y', 1], 'decimal_max_digits'],
      [['body', 'z'], 'finite_number'],
    ]);
  });

  it('leaves the usual bodies to the fast path: decimals as strings, short numbers, uuids', () => {
    const text = JSON.stringify({
      serie: 1,
      valor: '12345678901.123456789',
      rule_id: '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21',
      q: [2, 10.5, 123456789012.12],
    });
    expect(mayHaveInexactNumbers(text)).toBe(false);
  });
});
