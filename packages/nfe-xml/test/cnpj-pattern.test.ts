import { describe, expect, it } from 'vitest';

import { CNPJ_PATTERN, NUMERIC_CNPJ_PATTERN } from '../src/primitives/index.js';

/* The one CNPJ pattern of the contract, this library and the signer (alphanumeric CNPJ, 2026). */
describe('CNPJ patterns', () => {
  it.each([
    ['12345678000195', true, true],
    ['12ABC678000195', true, false],
    ['ABCDEFGHIJKL95', true, false],
    ['12abc678000195', false, false],
    ['1234567800019A', false, false],
    ['1234567800019', false, false],
    ['123456780001955', false, false],
    ['12.345.678/0001-95', false, false],
    [' 12345678000195', false, false],
    ['１２345678000195', false, false],
  ])('%j: any %s, all digits %s', (cnpj, any, numeric) => {
    expect(CNPJ_PATTERN.test(cnpj)).toBe(any);
    expect(NUMERIC_CNPJ_PATTERN.test(cnpj)).toBe(numeric);
  });
});
