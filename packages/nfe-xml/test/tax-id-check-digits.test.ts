import { describe, expect, it } from 'vitest';

import {
  hasValidCnpjCheckDigits,
  hasValidCpfCheckDigits,
} from '../src/validate/tax-id-check-digits.js';
import { addYears } from '../src/validate/layout-date.js';

describe('CNPJ and CPF check digits', () => {
  it('accepts real CNPJs, the alphanumeric one of the Receita Federal example included', () => {
    for (const cnpj of ['58716523000119', '06929383000163', '11222333000181', '12ABC34501DE35'])
      expect(hasValidCnpjCheckDigits(cnpj), cnpj).toBe(true);
  });

  it('refuses a wrong digit, all zeros and a wrong length', () => {
    for (const cnpj of ['58716523000118', '12ABC34501DE36', '00000000000000', '5871652300011'])
      expect(hasValidCnpjCheckDigits(cnpj), cnpj).toBe(false);
  });

  it('accepts real CPFs and refuses wrong digits and one digit repeated', () => {
    expect(hasValidCpfCheckDigits('12345678909')).toBe(true);
    expect(hasValidCpfCheckDigits('11144477735')).toBe(true);
    for (const cpf of ['12345678900', '11111111111', '1234567890', '1234567890A'])
      expect(hasValidCpfCheckDigits(cpf), cpf).toBe(false);
  });
});

describe('addYears', () => {
  it('keeps the day, and 29 February becomes 28 February in a common year', () => {
    expect(addYears('2026-11-21', 10)).toBe('2036-11-21');
    expect(addYears('2028-02-29', 10)).toBe('2038-02-28');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
  });
});
