import { chaveAcesso } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { autorizadorOf, EndpointError, resolveEndpoint, UFS } from './resolve.js';
import { svcOf, svcOfChave, svcOfTpEmis } from './svc.js';

/** An NF-e chave of a BA emitter (nNF 26), issued with `tpEmis`. */
const chave = (tpEmis: string) =>
  chaveAcesso({
    cUF: '29',
    aamm: '2611',
    cnpj: '58716523000119',
    serie: 1,
    numero: 26,
    tpEmis,
    codigoNumerico: '40718293',
  });

describe('svcOf', () => {
  it('gives the SVC of sefaz.md §2.1 and the tpEmis of its NF-e', () => {
    const svcRs = ['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR'];
    for (const uf of UFS)
      expect([uf, svcOf(uf)]).toEqual([
        uf,
        svcRs.includes(uf)
          ? { autorizador: 'SVCRS', tpEmis: '7' }
          : { autorizador: 'SVCAN', tpEmis: '6' },
      ]);
  });

  it('agrees with the contingency endpoint of every UF', () => {
    for (const uf of UFS) {
      expect(svcOf(uf).autorizador).toBe(autorizadorOf(uf, true));
      expect(
        resolveEndpoint({
          uf,
          ambiente: 'homologacao',
          service: 'NFeAutorizacao4',
          contingencia: true,
        }).autorizador,
      ).toBe(svcOf(uf).autorizador);
    }
  });

  it('refuses an unknown UF', () => {
    expect(() => svcOf('XX' as 'SP')).toThrow(EndpointError);
  });
});

describe('svcOfTpEmis and svcOfChave', () => {
  it('read 6 as SVC-AN and 7 as SVC-RS, any other tpEmis as no SVC', () => {
    expect(svcOfTpEmis('6')).toBe('SVCAN');
    expect(svcOfTpEmis('7')).toBe('SVCRS');
    for (const tpEmis of ['1', '2', '3', '4', '5', '9', '', '67', 'toString'])
      expect(svcOfTpEmis(tpEmis)).toBeUndefined();
  });

  it("read a chave's position 35", () => {
    expect(svcOfChave(chave('6'))).toBe('SVCAN');
    expect(svcOfChave(chave('7'))).toBe('SVCRS');
    expect(svcOfChave(chave('1'))).toBeUndefined();
    expect(svcOfChave(chave('5'))).toBeUndefined();
    // The SVC a UF's chave names is that UF's: BA issues in SVC-RS.
    expect(svcOfChave(chave(svcOf('BA').tpEmis))).toBe(svcOf('BA').autorizador);
  });

  it('refuse a text that is not a chave', () => {
    expect(() => svcOfChave(chave('6').slice(1))).toThrow(EndpointError);
    expect(() => svcOfChave('')).toThrow(EndpointError);
  });
});
