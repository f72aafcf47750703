import { describe, expect, it } from 'vitest';

import { RequestValidationFailure } from '../../errors.js';
import { asRequestValidationFailure, prepareNumberableNfe } from './numberable-nfe.js';

/* The IBS/CBS rates of the test years are checked against the year of the instant the document is
   rendered for (dhEmi's, in the emitter's state), not against the day it was prepared. */

const RULE_ID = '0b8f0c8e-2d7a-4f62-9a55-8a3c8d0f1e21';
const rtc = (tax_domain: string, aliquota: string, valor: string) => ({
  tax_domain,
  cst: '000',
  classificacao_tributaria: '000001',
  base_calc: '1000.00',
  base_calc_percent: '100',
  aliquota,
  valor,
  rule_id: RULE_ID,
});

/** A Regime Normal emitter in SP, one item of 1000.00 with CBS at `cbsRate` (0.09 is a typo of 0.90). */
function request(cbsRate: string, cbsValue: string) {
  return {
    serie: 1,
    ambiente: 'homologacao' as const,
    uf_destino_tipo: 'interna' as const,
    ver_proc: 'test',
    emitente: {
      cnpj: '12345678000195',
      razao_social: 'EMPRESA DE TESTE LTDA',
      ie: '123456789012',
      crt: '3',
      address_street: 'Rua dos Testes',
      address_number: '100',
      address_district: 'Centro',
      address_city: 'Sao Paulo',
      address_state: 'SP',
      address_zip: '01001000',
      address_city_ibge_code: '3550308',
    },
    itens: [
      {
        codigo: 'P1',
        descricao: 'Produto',
        ncm: '61091000',
        cfop: '5102',
        unidade_comercial: 'UN',
        unidade_tributavel: 'UN',
        quantidade: '1',
        valor_unitario: '1000',
        fiscal_result: {
          cfop: '5102',
          consumidor_final: true,
          indicador_ie: '9',
          cst: '00',
          tributos: [
            { tax_domain: 'icms', cst: '00', base_calc: '1000', base_calc_percent: '100', aliquota: '18', valor: '180', rule_id: RULE_ID },
            rtc('ibs_uf', '0.10', '1.00'),
            rtc('ibs_mun', '0', '0'),
            rtc('cbs', cbsRate, cbsValue),
          ],
        },
      },
    ],
    pagamento: { tpag: '01', valor: '1000' },
  }; // prettier-ignore
}

/** The 422 issues of `body` prepared, then rendered for `now` (when given). */
function issues(body: ReturnType<typeof request>, now?: Date) {
  try {
    const nfe = prepareNumberableNfe(body);
    if (now) nfe.render({ numero: 1, codigoNumerico: '31415926', issuedAt: now });
    return [];
  } catch (error) {
    const failure = asRequestValidationFailure(error);
    if (failure instanceof RequestValidationFailure) return failure.issues;
    throw error;
  }
}

describe('prepareNumberableNfe and the IBS/CBS test-year rates', () => {
  it('refuses a CBS rate other than 0.90 % in 2026 (UB56-10), naming the line', () => {
    expect(issues(request('0.09', '0.90'), new Date('2026-11-26T12:00:00Z'))).toEqual([
      expect.objectContaining({
        loc: ['body', 'itens', 0, 'fiscal_result', 'tributos', 3, 'aliquota'],
        type: 'ibs_cbs_rule',
        msg: expect.stringContaining('UB56-10 (SEFAZ rejection 1037)'),
      }),
    ]);
    expect(issues(request('0.90', '9.00'), new Date('2026-11-26T12:00:00Z'))).toEqual([]);
  });

  it("takes the year in the emitter's state: 2027-01-01 02:00 UTC is still 2026 in São Paulo", () => {
    const rules = (now: Date) =>
      issues(request('0.09', '0.90'), now).map((i) => [i.loc.at(-2), i.msg.slice(0, 7)]);
    expect(rules(new Date('2027-01-01T02:59:59Z'))).toEqual([[3, 'UB56-10']]);
    // From 2027 the IBS UF rate is 0.05 % and the CBS rate is not fixed yet.
    expect(rules(new Date('2027-01-01T03:00:00Z'))).toEqual([[1, 'UB18-10']]);
  });

  it('checks no rate before the instant is known, nor in a year without test rates', () => {
    expect(issues(request('0.09', '0.90'))).toEqual([]);
    expect(issues(request('0.09', '0.90'), new Date('2030-06-01T12:00:00Z'))).toEqual([]);
  });

  it('judges one prepared request by each instant it is rendered for', () => {
    const nfe = prepareNumberableNfe(request('0.09', '0.90'));
    const render = (instant: string) => () =>
      nfe.render({ numero: 1, codigoNumerico: '31415926', issuedAt: new Date(instant) });
    expect(render('2026-11-26T12:00:00Z')).toThrow(/UB56-10/);
    expect(render('2030-06-01T12:00:00Z')).not.toThrow();
  });
});
