import { describe, expect, it } from 'vitest';

import {
  chaveAcesso,
  isValidCodigoNumerico,
  modulo11CheckDigit,
  pickCodigoNumerico,
} from '../src/index.js';

describe('modulo11CheckDigit (domain doc §1 worked examples)', () => {
  it.each([
    ['4318090692938300016355001000000026100001030', '1'], // sum 527, remainder 10
    ['4117070611747300015055001000046320261275652', '5'], // sum 666, remainder 6
    ['3510115871652300011955001000000001100300000', '0'], // sum 430, remainder 1 → 0
  ])('%s → %s', (first43, dv) => {
    expect(modulo11CheckDigit(first43)).toBe(dv);
  });

  it('gives 0 when the remainder is 0', () => {
    // Search a body whose weighted sum is a positive multiple of 11.
    const body = Array.from({ length: 1000 }, (_, i) => String(i).padStart(43, '0')).find((b) => {
      let sum = 0;
      for (let i = b.length - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1)
        sum += (b.charCodeAt(i) - 48) * w;
      return sum % 11 === 0 && sum > 0;
    });
    expect(body).toBeDefined();
    expect(modulo11CheckDigit(body ?? '')).toBe('0');
  });
});

describe('chaveAcesso', () => {
  it('rebuilds the sample chave from its parts', () => {
    expect(
      chaveAcesso({
        cUF: '43',
        aamm: '1809',
        cnpj: '06929383000163',
        serie: 1,
        numero: 26,
        tpEmis: '1',
        codigoNumerico: '00001030',
      }),
    ).toBe('43180906929383000163550010000000261000010301');
  });

  it('pads serie and numero and accepts another model', () => {
    const chave = chaveAcesso({
      cUF: '41',
      aamm: '1707',
      cnpj: '06117473000150',
      serie: 1,
      numero: 46320,
      tpEmis: '2',
      codigoNumerico: '61275652',
      modelo: '55',
    });
    expect(chave).toBe('41170706117473000150550010000463202612756525');
  });

  it('works with an alphanumeric CNPJ (letters count charCode − 48)', () => {
    const chave = chaveAcesso({
      cUF: '35',
      aamm: '2607',
      cnpj: '12ABC34501DE35',
      serie: 1,
      numero: 1,
      tpEmis: '1',
      codigoNumerico: '12345670',
    });
    expect(chave).toHaveLength(44);
    expect(chave.slice(6, 20)).toBe('12ABC34501DE35');
    // Hand computation: sum of (charCode − 48) × weight over the first 43 characters.
    const first43 = chave.slice(0, 43);
    let sum = 0;
    for (let i = 42, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1)
      sum += (first43.charCodeAt(i) - 48) * w;
    const expected = sum % 11 < 2 ? 0 : 11 - (sum % 11);
    expect(chave.at(43)).toBe(String(expected));
    // A letter changes the digit differently from a digit in the same place.
    const other = chaveAcesso({
      cUF: '35',
      aamm: '2607',
      cnpj: '12ABC34501DF35',
      serie: 1,
      numero: 1,
      tpEmis: '1',
      codigoNumerico: '12345670',
    });
    expect(other.slice(0, 43)).not.toBe(first43);
  });

  it('rejects parts that do not fit', () => {
    const ok = {
      cUF: '35',
      aamm: '2611',
      cnpj: '58716523000119',
      serie: 1,
      numero: 1,
      tpEmis: '1',
      codigoNumerico: '12345670',
    };
    expect(() => chaveAcesso({ ...ok, serie: 1000 })).toThrow(RangeError);
    expect(() => chaveAcesso({ ...ok, numero: 0 })).toThrow(RangeError);
    expect(() => chaveAcesso({ ...ok, aamm: '2613' })).toThrow(RangeError);
    expect(() => chaveAcesso({ ...ok, codigoNumerico: '1234567' })).toThrow(RangeError);
    expect(() => chaveAcesso({ ...ok, cnpj: '5871652300011' })).toThrow(RangeError);
  });
});

describe('codigo numérico (cNF)', () => {
  it('refuses the 20 trivial sequences, nNF itself and wrong lengths', () => {
    for (const trivial of [
      '00000000',
      '11111111',
      '99999999',
      '12345678',
      '23456789',
      '90123456',
      '01234567',
    ]) {
      expect(isValidCodigoNumerico(trivial, 5), trivial).toBe(false);
    }
    expect(isValidCodigoNumerico('00000026', 26)).toBe(false);
    expect(isValidCodigoNumerico('1234567', 1)).toBe(false);
    expect(isValidCodigoNumerico('1234567a', 1)).toBe(false);
    expect(isValidCodigoNumerico('00001030', 26)).toBe(true);
    expect(isValidCodigoNumerico('87654321', 26)).toBe(true);
  });

  it('pickCodigoNumerico redraws until valid', () => {
    const draws = ['00000026', '12345678', '11111111', '48151623'];
    let calls = 0;
    expect(pickCodigoNumerico(26, () => draws[calls++] ?? '')).toBe('48151623');
    expect(calls).toBe(4);
  });

  it('pickCodigoNumerico gives up on a broken source', () => {
    expect(() => pickCodigoNumerico(1, () => '00000000')).toThrow(RangeError);
  });
});
