import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  type NfeIssue,
  NfeValidationError,
  type NfeRequest,
  type NfeRenderParams,
  prepareNfe,
} from '../src/index.js';
import { item, line, PARAMS, request } from './fixtures.js';

function issuesOf(fn: () => unknown): readonly NfeIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected an NfeValidationError');
}

function issues(
  overrides: Partial<NfeRequest>,
  params: Partial<NfeRenderParams> = {},
): readonly NfeIssue[] {
  return issuesOf(() => buildNfe({ ...request(overrides), ...PARAMS, ...params }));
}

/** The request's issues must include one at `path` of `type`. */
function expectIssue(found: readonly NfeIssue[], path: (string | number)[], type: string): void {
  expect(found.map((i) => ({ path: i.path, type: i.type }))).toContainEqual({ path, type });
}

const emitente = request().emitente;
const fiscal = (tributos: ReturnType<typeof line>[], extra: object = {}) => ({
  fiscal_result: { cfop: '5102', consumidor_final: true, indicador_ie: '9', tributos, ...extra },
});
const regimeNormal = { emitente: { ...emitente, crt: '3' } };

describe('bad inputs give the right issue path and type', () => {
  it('the valid base request builds', () => {
    expect(() => buildNfe({ ...request(), ...PARAMS })).not.toThrow();
  });

  it('NCM not 8 digits', () =>
    expectIssue(
      issues({ itens: [item(), item({ ncm: '6401100' })] }),
      ['itens', 1, 'ncm'],
      'string_pattern_mismatch',
    ));
  it('CFOP not 4 digits', () =>
    expectIssue(
      issues({ itens: [item({ cfop: '510' })] }),
      ['itens', 0, 'cfop'],
      'string_pattern_mismatch',
    ));
  it('fiscal_result CFOP with a bad first digit', () =>
    expectIssue(
      issues({ itens: [item(fiscal([], { csosn: '102', cfop: '4102' }))] }),
      ['itens', 0, 'fiscal_result', 'cfop'],
      'string_pattern_mismatch',
    ));
  it('CEST not 7 digits', () =>
    expectIssue(
      issues({ itens: [item({ cest: '123456' })] }),
      ['itens', 0, 'cest'],
      'string_pattern_mismatch',
    ));
  it('GTIN of 9 digits', () =>
    expectIssue(
      issues({ itens: [item({ gtin: '789123456' })] }),
      ['itens', 0, 'gtin'],
      'string_pattern_mismatch',
    ));
  it('GTIN with a wrong check digit', () =>
    expectIssue(
      issues({ itens: [item({ gtin: '7891234567890' })] }),
      ['itens', 0, 'gtin'],
      'gtin_check_digit',
    ));
  it('CEP not 8 digits', () =>
    expectIssue(
      issues({ emitente: { ...emitente, address_zip: '01001-000' } }),
      ['emitente', 'address_zip'],
      'string_pattern_mismatch',
    ));
  it('IBGE city not 7 digits', () =>
    expectIssue(
      issues({ emitente: { ...emitente, address_city_ibge_code: '355030' } }),
      ['emitente', 'address_city_ibge_code'],
      'string_pattern_mismatch',
    ));
  it('IBGE city of another state', () =>
    expectIssue(
      issues({ emitente: { ...emitente, address_city_ibge_code: '4319901' } }),
      ['emitente', 'address_city_ibge_code'],
      'city_state_mismatch',
    ));
  it('UF that is not a state', () =>
    expectIssue(
      issues({ emitente: { ...emitente, address_state: 'XX' } }),
      ['emitente', 'address_state'],
      'unknown_uf',
    ));
  it('recipient address abroad (UF EX) outside an export: its country given, not another one (511)', () => {
    const abroad = {
      nome: 'Fulano',
      indicador_ie: '9',
      cpf: '12345678909',
      address_street: 'Rua',
      address_number: '1',
      address_district: 'Centro',
      address_city: 'EXTERIOR',
      address_city_ibge_code: '9999999',
      address_state: 'EX',
      address_zip: '00000000',
    };
    expectIssue(
      issues({ uf_destino_tipo: 'interestadual', destinatario: abroad }),
      ['destinatario', 'address_country_code'],
      'missing',
    );
    expectIssue(
      issues({
        uf_destino_tipo: 'interestadual',
        destinatario: { ...abroad, address_country_code: '2496' },
      }),
      ['destinatario', 'address_country_code'],
      'nfe_rule',
    );
  });
  it('IE with letters', () =>
    expectIssue(
      issues({ emitente: { ...emitente, ie: '11.200.660' } }),
      ['emitente', 'ie'],
      'string_pattern_mismatch',
    ));
  it('CNPJ of 13 characters', () =>
    expectIssue(
      issues({ emitente: { ...emitente, cnpj: '5871652300011' } }),
      ['emitente', 'cnpj'],
      'string_pattern_mismatch',
    ));
  it('alphanumeric CNPJ (not in the PL_009/PL_010b layouts)', () =>
    expectIssue(
      issues({ emitente: { ...emitente, cnpj: '12ABC34501DE35' } }),
      ['emitente', 'cnpj'],
      'cnpj_alphanumeric_unsupported',
    ));
  it('CPF of 10 digits', () =>
    expectIssue(
      issues({ destinatario: { nome: 'Fulano', indicador_ie: '9', cpf: '1234567890' } }),
      ['destinatario', 'cpf'],
      'string_pattern_mismatch',
    ));
  it('recipient without CNPJ or CPF', () =>
    expectIssue(
      issues({ destinatario: { nome: 'Fulano', indicador_ie: '9' } }),
      ['destinatario', 'cnpj'],
      'missing',
    ));
  it('recipient taxpayer without IE', () =>
    expectIssue(
      issues({ destinatario: { nome: 'Fulano SA', indicador_ie: '1', cnpj: '06929383000163' } }),
      ['destinatario', 'ie'],
      'missing',
    ));
  it('partial recipient address', () =>
    expectIssue(
      issues({
        destinatario: {
          nome: 'Fulano',
          indicador_ie: '9',
          cpf: '12345678909',
          address_street: 'Rua A',
        },
      }),
      ['destinatario', 'address_zip'],
      'missing',
    ));
  it('text with a leading space', () =>
    expectIssue(
      issues({ emitente: { ...emitente, razao_social: ' EMPRESA' } }),
      ['emitente', 'razao_social'],
      'string_pattern_mismatch',
    ));
  it('text with a trailing space', () =>
    expectIssue(
      issues({ itens: [item({ descricao: 'PRODUTO ' })] }),
      ['itens', 0, 'descricao'],
      'string_pattern_mismatch',
    ));
  it('text with a control character', () =>
    expectIssue(
      issues({ itens: [item({ descricao: 'A\nB' })] }),
      ['itens', 0, 'descricao'],
      'string_pattern_mismatch',
    ));
  it('text beyond Latin-1', () =>
    expectIssue(issues({ nat_op: 'Venda €' }), ['nat_op'], 'string_pattern_mismatch'));
  it('text too long', () =>
    expectIssue(
      issues({ itens: [item({ descricao: 'X'.repeat(121) })] }),
      ['itens', 0, 'descricao'],
      'string_too_long',
    ));
  it('text too short', () =>
    expectIssue(
      issues({ emitente: { ...emitente, razao_social: 'X' } }),
      ['emitente', 'razao_social'],
      'string_too_short',
    ));
  it('ver_proc over 20', () =>
    expectIssue(issues({ ver_proc: 'v'.repeat(21) }), ['ver_proc'], 'string_too_long'));
  it('991 items', () =>
    expectIssue(
      issues({
        itens: Array.from({ length: 991 }, () => item()),
        pagamento: { tpag: '01', valor: '495500' },
      }),
      ['itens'],
      'too_long',
    ));
  it('no items', () => expectIssue(issues({ itens: [] }), ['itens'], 'too_short'));
  it('quantity with 5 places', () =>
    expectIssue(
      issues({ itens: [item({ quantidade: '1.00001' })] }),
      ['itens', 0, 'quantidade'],
      'decimal_max_places',
    ));
  it('unit price with 11 places', () =>
    expectIssue(
      issues({ itens: [item({ valor_unitario: '0.00000000001' })] }),
      ['itens', 0, 'valor_unitario'],
      'decimal_max_places',
    ));
  it('quantity with 12 whole digits', () =>
    expectIssue(
      issues({ itens: [item({ quantidade: '100000000000' })] }),
      ['itens', 0, 'quantidade'],
      'decimal_whole_digits',
    ));
  it('quantity zero', () =>
    expectIssue(
      issues({ itens: [item({ quantidade: '0' })] }),
      ['itens', 0, 'quantidade'],
      'greater_than',
    ));
  it('decimal that is not one', () =>
    expectIssue(
      issues({ itens: [item({ valor_unitario: '1e3' })] }),
      ['itens', 0, 'valor_unitario'],
      'decimal_parsing',
    ));
  it('money with 3 places on a tax line', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [
          item(
            fiscal([
              line('icms', { cst: '00', base_calc: '500.001', aliquota: '18', valor: '90' }),
            ]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'base_calc'],
      'decimal_max_places',
    ));
  it('rate with 5 places', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [
          item(
            fiscal([
              line('icms', { cst: '00', base_calc: '500', aliquota: '18.00001', valor: '90' }),
            ]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'aliquota'],
      'decimal_max_places',
    ));
  it('negative tax value', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [
          item(
            fiscal([line('icms', { cst: '00', base_calc: '500', aliquota: '18', valor: '-90' })]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'valor'],
      'greater_than_equal',
    ));
  it('serie above 999', () => expectIssue(issues({ serie: 1000 }), ['serie'], 'less_than_equal'));
  it('negative serie', () => expectIssue(issues({ serie: -1 }), ['serie'], 'greater_than_equal'));
  it('numero 0 and 1000000000', () => {
    expectIssue(issues({}, { numero: 0 }), ['numero'], 'number_out_of_range');
    expectIssue(issues({}, { numero: 1_000_000_000 }), ['numero'], 'number_out_of_range');
  });
  it('cNF equal to nNF or trivial', () => {
    expectIssue(
      issues({}, { numero: 1030, codigoNumerico: '00001030' }),
      ['codigoNumerico'],
      'invalid_codigo_numerico',
    );
    expectIssue(
      issues({}, { codigoNumerico: '12345678' }),
      ['codigoNumerico'],
      'invalid_codigo_numerico',
    );
  });
  it('instant outside 2000–2099', () =>
    expectIssue(
      issues({}, { issuedAt: new Date('1999-06-01T12:00:00Z') }),
      ['issuedAt'],
      'datetime_out_of_range',
    ));
  it('unknown tax_domain', () =>
    expectIssue(
      issues({ itens: [item(fiscal([line('iss')], { csosn: '102' }))] }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'tax_domain'],
      'literal_error',
    ));
  it('two lines of the same domain', () =>
    expectIssue(
      issues({
        itens: [item(fiscal([line('icms', { csosn: '102' }), line('icms', { csosn: '102' })]))],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 1],
      'tax_line_duplicate',
    ));
  it('ST values on CST 00', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [
          item(
            fiscal([
              line('icms', { cst: '00', base_calc: '500', aliquota: '18', valor: '90' }),
              line('icms_st', { base_calc: '600', aliquota_st: '18', valor: '18' }),
            ]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 1],
      'tax_line_mismatch',
    ));
  it('FCP on a CSOSN', () =>
    expectIssue(
      issues({
        itens: [item(fiscal([line('icms', { csosn: '102' }), line('fcp', { fcp_percent: '2' })]))],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 1],
      'tax_line_mismatch',
    ));
  it('ICMS value on CST 40', () =>
    expectIssue(
      issues({ ...regimeNormal, itens: [item(fiscal([line('icms', { cst: '40', valor: '5' })]))] }),
      ['itens', 0, 'fiscal_result', 'tributos', 0],
      'tax_line_mismatch',
    ));
  it('reduced base on CST 00', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [
          item(
            fiscal([
              line('icms', {
                cst: '00',
                base_calc: '400',
                base_calc_percent: '80',
                aliquota: '18',
                valor: '72',
              }),
            ]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'base_calc_percent'],
      'tax_line_mismatch',
    ));
  it('CST 00 without aliquota', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [item(fiscal([line('icms', { cst: '00', base_calc: '500', valor: '90' })]))],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'aliquota'],
      'missing',
    ));
  it('CST 10 without an icms_st line', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        itens: [
          item(
            fiscal([line('icms', { cst: '10', base_calc: '500', aliquota: '18', valor: '90' })]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos'],
      'tax_line_missing',
    ));
  it('unknown CST', () =>
    expectIssue(
      issues({ ...regimeNormal, itens: [item(fiscal([], { cst: '99' }))] }),
      ['itens', 0, 'fiscal_result', 'cst'],
      'literal_error',
    ));
  it('no CST nor CSOSN', () =>
    expectIssue(
      issues({ itens: [item(fiscal([]))] }),
      ['itens', 0, 'fiscal_result', 'csosn'],
      'missing',
    ));
  it('CSOSN code on a line overrides fiscal_result and is checked there', () =>
    expectIssue(
      issues({ itens: [item(fiscal([line('icms', { csosn: '999' })], { csosn: '102' }))] }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'csosn'],
      'literal_error',
    ));
  it('PIS CST 03 (by quantity) without its quantity', () =>
    expectIssue(
      issues({ itens: [item(fiscal([line('pis', { cst: '03' })], { csosn: '102' }))] }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'quantidade_tributavel'],
      'missing',
    ));
  it('DIFAL on an internal sale', () =>
    expectIssue(
      issues({
        itens: [
          item(
            fiscal([line('icms_uf_dest', { base_calc: '500', aliquota: '18', valor: '30' })], {
              csosn: '102',
            }),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0],
      'tax_line_mismatch',
    ));
  it('DIFAL with an interstate rate that is not 4, 7 or 12', () =>
    expectIssue(
      issues({
        ...regimeNormal,
        uf_destino_tipo: 'interestadual',
        itens: [
          item(
            fiscal([
              line('icms', { cst: '00', base_calc: '500', aliquota: '18', valor: '90' }),
              line('icms_uf_dest', { base_calc: '500', aliquota: '20', valor: '10' }),
            ]),
          ),
        ],
      }),
      ['itens', 0, 'fiscal_result', 'tributos', 0, 'aliquota'],
      'literal_error',
    ));
  it('payment below the total', () =>
    expectIssue(
      issues({ pagamento: { tpag: '01', valor: '499.99' } }),
      ['pagamento', 'valor'],
      'payment_below_total',
    ));
  it('unknown payment type', () =>
    expectIssue(
      issues({ pagamento: { tpag: '7', valor: '500' } }),
      ['pagamento', 'tpag'],
      'literal_error',
    ));
  it('unknown ambiente', () =>
    expectIssue(issues({ ambiente: 'teste' as 'producao' }), ['ambiente'], 'literal_error'));
  it('fin_nfe outside 1–6', () =>
    expectIssue(issues({ fin_nfe: '7' }), ['fin_nfe'], 'literal_error'));
  it('a note type on a document that is not that note', () =>
    expectIssue(issues({ tp_nf_credito: '02' }), ['tp_nf_credito'], 'ibs_cbs_group_mismatch'));
  it('a government purchase with an unknown entity', () =>
    expectIssue(
      issues({
        compra_governamental: { tipo_ente: '9', percentual_reducao: '10', tipo_operacao: '1' },
      }),
      ['compra_governamental', 'tipo_ente'],
      'literal_error',
    ));
  it('CRT outside 1–4', () =>
    expectIssue(
      issues({ emitente: { ...emitente, crt: '5' } }),
      ['emitente', 'crt'],
      'literal_error',
    ));
  it('recipient state contradicting uf_destino_tipo', () =>
    expectIssue(
      issues({
        destinatario: {
          nome: 'Fulano',
          indicador_ie: '9',
          cpf: '12345678909',
          address_street: 'Rua A',
          address_number: '1',
          address_district: 'Centro',
          address_city: 'CURITIBA',
          address_city_ibge_code: '4106902',
          address_state: 'PR',
          address_zip: '80000000',
        },
      }),
      ['uf_destino_tipo'],
      'uf_destino_tipo_mismatch',
    ));

  it('reports every issue, not only the first', () => {
    const found = issues({
      serie: 1000,
      emitente: { ...emitente, address_zip: '1' },
      itens: [item({ ncm: '1' }), item({ cest: '1' })],
    });
    expectIssue(found, ['serie'], 'less_than_equal');
    expectIssue(found, ['emitente', 'address_zip'], 'string_pattern_mismatch');
    expectIssue(found, ['itens', 0, 'ncm'], 'string_pattern_mismatch');
    expectIssue(found, ['itens', 1, 'cest'], 'string_pattern_mismatch');
  });

  it('prepare does the request checks; render only the per-emission ones', () => {
    const prepared = prepareNfe(request());
    expect(() => prepared.render(PARAMS)).not.toThrow();
    expectIssue(
      issuesOf(() => prepared.render({ ...PARAMS, numero: -1 })),
      ['numero'],
      'number_out_of_range',
    );
  });
});
