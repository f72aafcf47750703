import { validateNfeXml, withPlaceholderSignature } from '@emissor/test-support';
import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  chaveAcesso,
  type NfeIssue,
  type NfeItem,
  type NfeRequest,
  NfeValidationError,
} from '../src/index.js';
import { item, PARAMS, request } from './fixtures.js';
import { HAVE_SHARED } from './helpers.js';
import { SUPPLIER_CHAVE } from './item-group-fixtures.js';
import { CONFIDENTIAL_CHAVE } from './product-details-fixtures.js';
import { ibsCbsLines, normalItem, normalRequest } from './rtc-fixtures.js';
import { noteItem, withGroups } from './rtc-group-fixtures.js';
import { issueAt, section } from './transport-billing-fixtures.js';

/* The reforma tributária layout's fields outside the tax values (dPrevEntrega, cMunFGIBS,
   gPagAntecipado, indBemMovelUsado, tpCredPresIBSZFM, DFeReferenciado, indDoacao), a confidential
   reference (refNFeSig) and the payment's establishment and receiver, with their rules. */

const PL_010B = 'PL_010b_NT2025_002_v1.30';
const LINES = ibsCbsLines('500', { uf: '0.50', cbs: '4.50' });
const CARRIED = { transporte: { modalidade_frete: '0' } };
const ANOTHER_CHAVE = chaveAcesso({
  cUF: '35',
  aamm: '2610',
  cnpj: '06929383000163',
  serie: 1,
  numero: 78,
  tpEmis: '1',
  codigoNumerico: '12345678',
});

const MANAUS = {
  ...request().emitente,
  crt: '3',
  address_state: 'AM',
  address_city: 'MANAUS',
  address_city_ibge_code: '1302603',
  address_zip: '69005000',
};

function found(r: NfeRequest, params = PARAMS): readonly NfeIssue[] {
  try {
    buildNfe({ ...r, ...params });
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  return [];
}

const xmlOf = (r: NfeRequest) => buildNfe({ ...r, ...PARAMS }).xml;
const pl010bErrors = (xml: string) => validateNfeXml(withPlaceholderSignature(xml), PL_010B);

describe.skipIf(!HAVE_SHARED)(
  'the PL_010b fields are valid under PL_010b, in the layout order',
  () => {
    it('ide: dPrevEntrega after dhEmi, cMunFGIBS after cMunFG, gPagAntecipado last', () => {
      const xml = xmlOf(
        normalRequest([normalItem(LINES)], {
          ...CARRIED,
          emitente: MANAUS,
          ind_pres: '5',
          // A sale outside the establishment names its note (864).
          documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
          municipio_fato_gerador_ibs: '1302603',
          data_previsao_entrega: '2027-02-21',
          pagamentos_antecipados: [SUPPLIER_CHAVE, ANOTHER_CHAVE],
        }),
      );
      expect(pl010bErrors(xml)).toEqual([]);
      expect(xml).toContain('</dhEmi><dPrevEntrega>2027-02-21</dPrevEntrega><tpNF>');
      expect(xml).toContain('<cMunFG>1302603</cMunFG><cMunFGIBS>1302603</cMunFGIBS><tpImp>');
      expect(xml).toContain(
        `</NFref><gPagAntecipado><refNFe>${SUPPLIER_CHAVE}</refNFe><refNFe>${ANOTHER_CHAVE}</refNFe></gPagAntecipado></ide>`,
      );
    });

    it('item: indBemMovelUsado after indTot, tpCredPresIBSZFM after gCred, DFeReferenciado after vItem, indDoacao', () => {
      const xml = xmlOf(
        normalRequest(
          [
            withGroups(
              normalItem(LINES, {
                bem_movel_usado: '1',
                creditos_presumidos_icms: [{ codigo: 'AM000001', percentual: '2', valor: '10' }],
                tipo_credito_presumido_zfm: '4',
                documento_referenciado: { chave_acesso: SUPPLIER_CHAVE, item: '990' },
              }),
              { doacao: '1' },
            ),
            normalItem(LINES, { documento_referenciado: { chave_acesso: SUPPLIER_CHAVE } }),
          ],
          { emitente: MANAUS },
        ),
      );
      expect(pl010bErrors(xml)).toEqual([]);
      expect(xml).toContain('</gCred><tpCredPresIBSZFM>4</tpCredPresIBSZFM><CFOP>');
      expect(xml).toContain('<indTot>1</indTot><indBemMovelUsado>1</indBemMovelUsado></prod>');
      expect(xml).toContain('<cClassTrib>000001</cClassTrib><indDoacao>1</indDoacao><gIBSCBS>');
      expect(xml).toContain(
        `</vItem><DFeReferenciado><chaveAcesso>${SUPPLIER_CHAVE}</chaveAcesso><nItem>990</nItem></DFeReferenciado></det>`,
      );
      expect(xml).toContain(
        `<DFeReferenciado><chaveAcesso>${SUPPLIER_CHAVE}</chaveAcesso></DFeReferenciado></det>`,
      );
    });

    it('a return that names what it gives back item by item needs no NFref (VC02-14)', () => {
      const xml = xmlOf(
        request({
          fin_nfe: '4',
          pagamento: { tpag: '90', valor: '0' },
          itens: [
            item({
              cfop: '5202',
              fiscal_result: {
                cfop: '5202',
                consumidor_final: true,
                indicador_ie: '9',
                csosn: '900',
              },
              documento_referenciado: { chave_acesso: SUPPLIER_CHAVE, item: '3' },
            }),
          ],
        }),
      );
      expect(pl010bErrors(xml)).toEqual([]);
      expect(xml).not.toContain('<NFref>');
    });

    it("the payment's establishment and receiver, valid under both packs", () => {
      const xml = xmlOf(
        request({
          pagamento: {
            tpag: '03',
            valor: '500',
            cnpj_transacional: '06929383000163',
            uf_transacional: 'RJ',
            cartao: {
              tipo_integracao: '2',
              cnpj_recebedor: '33333333000191',
              id_terminal: 'POS 1',
            },
          },
        }),
      );
      expect(section(xml, 'pag')).toBe(
        '<pag><detPag><indPag>0</indPag><tPag>03</tPag><vPag>500.00</vPag><CNPJPag>06929383000163</CNPJPag><UFPag>RJ</UFPag>' +
          '<card><tpIntegra>2</tpIntegra><CNPJReceb>33333333000191</CNPJReceb><idTermPag>POS 1</idTermPag></card></detPag></pag>',
      );
      expect(pl010bErrors(xml)).toEqual([]);
      expect(validateNfeXml(withPlaceholderSignature(xml), 'PL_009_V4')).toEqual([]);
    });
  },
);

describe('dPrevEntrega: the rules SEFAZ checks (B10a)', () => {
  const forecast = (date: string, extra: Partial<NfeRequest> = CARRIED) =>
    found(request({ data_previsao_entrega: date, ...extra }));

  it('1155: not before the day the goods leave (the day of issue without dhSaiEnt)', () =>
    issueAt(forecast('2026-11-20'), ['data_previsao_entrega'], 'nfe_rule', '1155'));

  it('1154: not more than three months after it', () => {
    expect(forecast('2027-02-21')).toEqual([]);
    issueAt(forecast('2027-02-22'), ['data_previsao_entrega'], 'nfe_rule', '1154');
  });

  it('measured from dhSaiEnt when given', () =>
    issueAt(
      forecast('2026-11-22', { ...CARRIED, data_saida_entrada: '2026-11-23T10:00:00-03:00' }),
      ['data_previsao_entrega'],
      'nfe_rule',
      '1155',
    ));

  it('1156: only on a normal NF-e or a return', () =>
    issueAt(
      found(
        normalRequest([noteItem(LINES)], {
          ...CARRIED,
          fin_nfe: '6',
          tp_nf_debito: '01',
          data_previsao_entrega: '2026-12-01',
        }),
      ),
      ['data_previsao_entrega'],
      'nfe_rule',
      '1156',
    ));

  it('1157: not when the recipient fetches the goods or nothing is carried', () => {
    issueAt(forecast('2026-12-01', {}), ['data_previsao_entrega'], 'nfe_rule', '1157');
    issueAt(
      forecast('2026-12-01', { transporte: { modalidade_frete: '1' } }),
      ['data_previsao_entrega'],
      'nfe_rule',
      '1157',
    );
  });

  it('a date that is no date', () =>
    issueAt(forecast('2026-02-30'), ['data_previsao_entrega'], 'date_parsing'));
});

describe('cMunFGIBS and gPagAntecipado', () => {
  it('cMunFGIBS: 7 digits, only for a sale outside the establishment with no address', () => {
    issueAt(
      found(request({ ind_pres: '5', municipio_fato_gerador_ibs: '355030' })),
      ['municipio_fato_gerador_ibs'],
      'string_pattern_mismatch',
    );
    issueAt(
      found(request({ municipio_fato_gerador_ibs: '3550308' })),
      ['municipio_fato_gerador_ibs'],
      'field_not_applicable',
    );
  });

  it('gPagAntecipado: chaves of model 55 with their check digit, at most 99', () => {
    const bad = SUPPLIER_CHAVE.slice(0, 43) + String((Number(SUPPLIER_CHAVE[43]) + 1) % 10);
    issueAt(
      found(request({ pagamentos_antecipados: [bad] })),
      ['pagamentos_antecipados', 0],
      'chave_malformed',
    );
    issueAt(
      found(request({ pagamentos_antecipados: Array(100).fill(SUPPLIER_CHAVE) })),
      ['pagamentos_antecipados'],
      'too_long',
    );
    issueAt(
      found(request({ pagamentos_antecipados: [] })),
      ['pagamentos_antecipados'],
      'too_short',
    );
  });
});

describe('DFeReferenciado: the rules SEFAZ checks (VC02, VC03)', () => {
  const ref = (it: string | null = '1', chave = SUPPLIER_CHAVE) => ({
    documento_referenciado: { chave_acesso: chave, ...(it ? { item: it } : {}) },
  });
  const at = (issues: readonly NfeIssue[], i: number, code: string, key?: string) =>
    issueAt(
      issues,
      ['itens', i, 'documento_referenciado', ...(key ? [key] : [])],
      'nfe_rule',
      code,
    );

  it('1010: not together with documentos_referenciados', () =>
    at(
      found(
        request({
          documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
          itens: [item(ref())],
        }),
      ),
      0,
      '1010',
    ));

  it('1042: not on a credit note', () =>
    at(
      found(
        normalRequest([{ ...noteItem(LINES), ...ref() }], {
          fin_nfe: '5',
          tp_nf_credito: '01',
          tp_nf: '0',
          documentos_referenciados: [],
        }),
      ),
      0,
      '1042',
    ));

  it('1038 / 1048 / 1039: a debit note of tp_nf_debito 03 or 04 refers item by item', () => {
    const debit = (tp: string, items: NfeItem[]) =>
      found(normalRequest(items, { fin_nfe: '6', tp_nf_debito: tp }));
    at(debit('04', [noteItem(LINES)]), 0, '1038');
    at(debit('04', [{ ...noteItem(LINES), ...ref(null) }]), 0, '1048', 'item');
    at(debit('03', [{ ...noteItem(LINES), ...ref('2') }]), 0, '1039', 'item');
  });

  it('1102: an item of a return names the item it gives back', () =>
    at(
      found(
        request({
          fin_nfe: '4',
          pagamento: { tpag: '90', valor: '0' },
          itens: [
            item({
              cfop: '5202',
              fiscal_result: {
                cfop: '5202',
                consumidor_final: true,
                indicador_ie: '9',
                csosn: '900',
              },
              ...ref(null),
            }),
          ],
        }),
      ),
      0,
      '1102',
      'item',
    ));

  it('1072: the same document and item once; 1130: one document in all', () => {
    at(found(request({ itens: [item(ref()), item(ref())] })), 1, '1072');
    at(
      found(request({ itens: [item(ref()), item(ref('1', ANOTHER_CHAVE))] })),
      1,
      '1130',
      'chave_acesso',
    );
  });

  it('a chave with a wrong check digit, an item beyond 990', () => {
    const bad = SUPPLIER_CHAVE.slice(0, 43) + String((Number(SUPPLIER_CHAVE[43]) + 1) % 10);
    issueAt(
      found(request({ itens: [item(ref('1', bad))] })),
      ['itens', 0, 'documento_referenciado', 'chave_acesso'],
      'chave_malformed',
    );
    issueAt(
      found(request({ itens: [item(ref('991'))] })),
      ['itens', 0, 'documento_referenciado', 'item'],
      'string_pattern_mismatch',
    );
  });

  it('indDoacao is 1 or nothing', () =>
    issueAt(
      found(normalRequest([withGroups(normalItem(LINES), { doacao: '0' })])),
      ['itens', 0, 'fiscal_result', 'ibs_cbs', 'doacao'],
      'literal_error',
    ));
});

describe('refNFeSig: the rules SEFAZ checks (BA02a)', () => {
  const sig = (chave: string, extra: Partial<NfeRequest> = {}) =>
    found(request({ documentos_referenciados: [{ chave_acesso_sigilosa: chave }], ...extra }));
  const at = (issues: readonly NfeIssue[], code: string, i = 0) =>
    issueAt(issues, ['documentos_referenciados', i, 'chave_acesso_sigilosa'], 'nfe_rule', code);
  const with_ = (from: number, text: string) =>
    CONFIDENTIAL_CHAVE.slice(0, from) + text + CONFIDENTIAL_CHAVE.slice(from + text.length);

  it('accepts the chave with its cNF zeroed, whatever its check digit', () =>
    expect(sig(with_(43, '7'))).toEqual([]));

  it.each([
    ['522', 'a chave of no state', with_(0, '99')],
    ['524', 'a month 13', with_(4, '13')],
    ['552', 'an issuer without its check digits', with_(6, '06929383000164')],
    ['679', 'a chave of model 65', with_(20, '65')],
    ['683', 'number zero', with_(25, '000000000')],
    ['953', 'emission type 8', with_(34, '8')],
    ['955', 'a cNF that is not zero', with_(35, '00000001')],
  ])('%s: %s', (code, _name, chave) => {
    at(sig(chave), code);
  });

  it('524: nor of a year after the year of issue', () => {
    at(sig(with_(2, '27')), '524');
  });

  it('951: only on a normal NF-e', () => at(sig(CONFIDENTIAL_CHAVE, { fin_nfe: '2' }), '951'));

  it('956: not in Pernambuco', () =>
    at(
      sig(CONFIDENTIAL_CHAVE, {
        emitente: {
          ...request().emitente,
          address_state: 'PE',
          address_city: 'RECIFE',
          address_city_ibge_code: '2611606',
          address_zip: '50030000',
        },
      }),
      '956',
    ));

  it('680: not twice, nor also by its full chave', () => {
    const twice = found(
      request({
        documentos_referenciados: [
          { chave_acesso_sigilosa: CONFIDENTIAL_CHAVE },
          { chave_acesso_sigilosa: with_(43, '5') },
        ],
      }),
    );
    at(twice, '680', 1);
    const full = CONFIDENTIAL_CHAVE.slice(0, 35) + '12345678';
    const both = found(
      request({
        documentos_referenciados: [
          { chave_acesso_sigilosa: CONFIDENTIAL_CHAVE },
          { chave_acesso: full + modulo11(full) },
        ],
      }),
    );
    at(both, '680', 0);
  });
});

describe("the payment's establishment and receiver: the layout's limits", () => {
  const pay = (fields: object) =>
    found(request({ pagamento: { tpag: '03', valor: '500', ...fields } }));
  it('CNPJPag and UFPag go together', () =>
    issueAt(
      pay({ cnpj_transacional: '06929383000163' }),
      ['pagamento', 'uf_transacional'],
      'missing',
    ));
  it('the CNPJs have their check digits', () => {
    issueAt(
      pay({ cnpj_transacional: '06929383000164', uf_transacional: 'SP' }),
      ['pagamento', 'cnpj_transacional'],
      'cnpj_check_digits',
    );
    issueAt(
      pay({ cartao: { tipo_integracao: '2', cnpj_recebedor: '33333333000192' } }),
      ['pagamento', 'cartao', 'cnpj_recebedor'],
      'cnpj_check_digits',
    );
  });
  it('UFPag is a state; idTermPag 1–40 characters', () => {
    issueAt(
      pay({ cnpj_transacional: '06929383000163', uf_transacional: 'EX' }),
      ['pagamento', 'uf_transacional'],
      'unknown_uf',
    );
    issueAt(
      pay({ cartao: { tipo_integracao: '2', id_terminal: 'T'.repeat(41) } }),
      ['pagamento', 'cartao', 'id_terminal'],
      'string_too_long',
    );
  });
});

/** The modulo-11 check digit of a chave's first 43 digits. */
function modulo11(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? '0' : String(11 - rest);
}
