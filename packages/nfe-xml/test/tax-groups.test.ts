import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  type NfeIssue,
  type NfeItem,
  type NfeRequest,
  type NfeTributoLinha,
  NfeValidationError,
} from '../src/index.js';
import { item, line, PARAMS, request } from './fixtures.js';
import { HAVE_SHARED, leaves, schemaErrors } from './helpers.js';
import {
  cstItem,
  FOREIGN_SELLER,
  importEntry,
  INTERSTATE_COMPANY,
  normalTaxRequest,
  retainedLines,
  taxCoverageRequests,
} from './layout-coverage/taxes.js';
import { consistentLines } from './rtc-fixtures.js';

/*
 * The less common tax groups: desoneração, CST 51 deferral, ST charged earlier, ICMSPart, ICMSST,
 * monophase fuels, the CSOSN 900 credit, IPI seal and quantity, PIS/COFINS by quantity and ST, II
 * and vTotTrib — valid under both packs, their totals exact, each bad input a 422 on its field.
 */

function build(r: NfeRequest): string {
  try {
    return buildNfe({ ...r, ...PARAMS }).xml;
  } catch (error) {
    if (error instanceof NfeValidationError)
      throw new Error(JSON.stringify(error.issues, null, 1), { cause: error });
    throw error;
  }
}

function issuesOf(r: NfeRequest): readonly NfeIssue[] {
  try {
    buildNfe({ ...r, ...PARAMS });
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  return [];
}

const TRIBUTOS = ['itens', 0, 'fiscal_result', 'tributos'] as const;
/** The path of line `n` of the first item, and optionally one of its fields. */
const at = (n: number, field?: string) =>
  field === undefined ? [...TRIBUTOS, n] : [...TRIBUTOS, n, field];

function expectIssue(
  found: readonly NfeIssue[],
  path: readonly (string | number)[],
  type: string,
  message?: RegExp,
): void {
  const match = found.find(
    (i) => JSON.stringify(i.path) === JSON.stringify(path) && i.type === type,
  );
  expect(match, JSON.stringify(found, null, 1)).toBeDefined();
  if (message) expect(match?.message).toMatch(message);
}

/** The issues of a Regime Normal request whose one item has CST `cst` and `tributos`. */
const normalIssues = (cst: string, tributos: NfeTributoLinha[], extra: Partial<NfeRequest> = {}) =>
  issuesOf(normalTaxRequest([cstItem(cst, tributos)], extra));

const own = (cst: string, fields: Partial<NfeTributoLinha> = {}) =>
  line('icms', { cst, base_calc: '500', aliquota: '18', valor: '90', ...fields });
const zero = (cst: string) => line('icms', { cst });
const deson = (fields: Partial<NfeTributoLinha> = {}) =>
  line('icms_desonerado', {
    base_calc: '500',
    aliquota: '18',
    valor: '90',
    motivo: '9',
    ...fields,
  });

/** A CST 51 icms line: 400 of base (80 %), 18 %, 40 % deferred. */
const deferred = (fields: Partial<NfeTributoLinha> = {}) =>
  own('51', {
    base_calc: '400',
    base_calc_percent: '80',
    valor: '43.20',
    diferimento_percent: '40',
    valor_diferido: '28.80',
    ...fields,
  });
const mono = (fields: Partial<NfeTributoLinha> = {}) =>
  line('icms_mono', {
    quantidade_tributavel: '100',
    aliquota_especifica: '1.47',
    valor: '147',
    ...fields,
  });

describe.skipIf(!HAVE_SHARED)('tax groups: valid under both packs', () => {
  for (const [name, r] of taxCoverageRequests())
    it(`filled to the max: ${name}`, () => expect(schemaErrors(build(r))).toEqual([]));

  const minimal: [string, NfeRequest][] = [
    ['desoneração without indDeduzDeson', normalTaxRequest([cstItem('40', [zero('41'), deson()])])],
    [
      'ST charged earlier, retained block only',
      normalTaxRequest([cstItem('60', [zero('60'), retainedLines()[0] as NfeTributoLinha])]),
    ],
    [
      'ICMSST without pST nor effective ICMS',
      normalTaxRequest(
        [
          cstItem(
            '41',
            [
              zero('41'),
              line('icms_st_retido', { base_calc: '500', valor: '30' }),
              line('icms_st_destino', { base_calc: '500', valor: '35' }),
            ],
            '6102',
          ),
        ],
        { uf_destino_tipo: 'interestadual', destinatario: INTERSTATE_COMPANY },
      ),
    ],
    ['ICMS53 with no line', normalTaxRequest([cstItem('53', [], '5656')])],
    [
      'ICMS02 without quantity',
      normalTaxRequest([cstItem('02', [mono({ quantidade_tributavel: null })], '5656')]),
    ],
    [
      'IPINT with the seal',
      normalTaxRequest([
        cstItem('00', [
          own('00'),
          line('ipi', { cst: '53', selo_controle: 'S', quantidade_selo: '1' }),
        ]),
      ]),
    ],
    [
      'PISST by rate, indSoma absent',
      normalTaxRequest([
        cstItem('00', [
          own('00'),
          line('pis_st', { base_calc: '500', aliquota: '1.65', valor: '8.25' }),
        ]),
      ]),
    ],
    [
      'II with charges and IOF left out',
      normalTaxRequest(
        [
          item({
            cfop: '3102',
            importacao: importEntry().itens[0]?.importacao ?? null,
            fiscal_result: {
              cfop: '3102',
              consumidor_final: false,
              indicador_ie: '9',
              cst: '00',
              tributos: [own('00'), line('ii', { base_calc: '450', valor: '50' })],
            },
          }),
        ],
        { tp_nf: '0', uf_destino_tipo: 'exterior', destinatario: FOREIGN_SELLER },
      ),
    ],
  ];
  for (const [name, r] of minimal)
    it(`minimal: ${name}`, () => expect(schemaErrors(build(r))).toEqual([]));
});

describe('tax groups: the XML and its totals', () => {
  it('desoneração: every item summed into vICMSDeson, only indDeduzDeson 1 taken off vNF', () => {
    const xml = build(
      normalTaxRequest([
        cstItem('40', [zero('40'), deson({ valor: '90' })]),
        cstItem('40', [zero('40'), deson({ valor: '33.33', compoe_total: '0' })]),
        cstItem('20', [
          own('20', { base_calc: '400', base_calc_percent: '80', valor: '72' }),
          deson({ valor: '18.01', motivo: '3' }),
        ]),
      ]),
    );
    const v = leaves(xml);
    expect(v.get('NFe/infNFe/det[1]/imposto/ICMS/ICMS40/indDeduzDeson')).toBe('1');
    expect(v.get('NFe/infNFe/det[2]/imposto/ICMS/ICMS40/indDeduzDeson')).toBe('0');
    expect(v.get('NFe/infNFe/total/ICMSTot/vICMSDeson')).toBe('141.34');
    // 1500.00 − 90.00 − 18.01 (the 33.33 is not deducted)
    expect(v.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('1391.99');
  });

  it('CST 51: vICMSOp = vICMS + vICMSDif, vFCPEfet = vFCP − vFCPDif', () => {
    const xml = build(
      normalTaxRequest([
        cstItem('51', [
          deferred({ codigo_beneficio_reducao: 'SP&12345' }),
          line('fcp', {
            base_calc: '400',
            fcp_percent: '2',
            valor: '8',
            diferimento_percent: '100',
            valor_diferido: '8',
          }),
        ]),
      ]),
    );
    expect(xml).toContain(
      '<ICMS51><orig>0</orig><CST>51</CST><modBC>3</modBC><pRedBC>20.00</pRedBC><cBenefRBC>SP&amp;12345</cBenefRBC><vBC>400.00</vBC><pICMS>18.00</pICMS><vICMSOp>72.00</vICMSOp><pDif>40.00</pDif><vICMSDif>28.80</vICMSDif><vICMS>43.20</vICMS><vBCFCP>400.00</vBCFCP><pFCP>2.00</pFCP><vFCP>8.00</vFCP><pFCPDif>100.00</pFCPDif><vFCPDif>8.00</vFCPDif><vFCPEfet>0.00</vFCPEfet></ICMS51>',
    );
    const v = leaves(xml);
    expect(v.get('NFe/infNFe/total/ICMSTot/vICMS')).toBe('43.20');
    expect(v.get('NFe/infNFe/total/ICMSTot/vFCP')).toBe('8.00');
  });

  it('ST charged earlier: vFCPSTRet summed; vICMSSTRet in no total and not in vNF', () => {
    const v = leaves(
      build(
        normalTaxRequest([
          cstItem('60', [zero('60'), ...retainedLines()]),
          cstItem('60', [
            zero('60'),
            line('fcp_st_retido', { base_calc: '100', fcp_percent: '2', valor: '2.01' }),
          ]),
        ]),
      ),
    );
    expect(v.get('NFe/infNFe/total/ICMSTot/vFCPSTRet')).toBe('12.01');
    expect(v.get('NFe/infNFe/total/ICMSTot/vST')).toBe('0.00');
    expect(v.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('1000.00');
    expect(v.get('NFe/infNFe/det[1]/imposto/ICMS/ICMS60/pRedBCEfet')).toBe('20.00');
  });

  it('monophase: quantities summed exactly and written with 2 places; vICMSMonoReten added to vNF', () => {
    const xml = build(
      normalTaxRequest([
        cstItem('02', [mono({ quantidade_tributavel: '0.3333', valor: '0.49' })], '5656'),
        cstItem('02', [mono({ quantidade_tributavel: '0.3333', valor: '0.49' })], '5656'),
        cstItem(
          '15',
          [
            mono({ quantidade_tributavel: '10.0009', valor: '14.70' }),
            line('icms_mono_retencao', {
              quantidade_tributavel: '10',
              aliquota_especifica: '1.12',
              valor: '11.20',
            }),
          ],
          '5656',
        ),
        cstItem(
          '61',
          [
            line('icms_mono_retido', {
              quantidade_tributavel: '5.125',
              aliquota_especifica: '1.47',
              valor: '7.53',
            }),
          ],
          '5656',
        ),
      ]),
    );
    const v = leaves(xml);
    const tot = (f: string) => v.get(`NFe/infNFe/total/ICMSTot/${f}`);
    // 0.3333 + 0.3333 + 10.0009 = 10.6675 → 10.67
    expect(tot('qBCMono')).toBe('10.67');
    expect(tot('vICMSMono')).toBe('15.68');
    expect(tot('qBCMonoReten')).toBe('10.00');
    expect(tot('vICMSMonoReten')).toBe('11.20');
    expect(tot('qBCMonoRet')).toBe('5.13');
    expect(tot('vICMSMonoRet')).toBe('7.53');
    expect(tot('vNF')).toBe('2011.20');
    expect(xml).toContain('<vFCPSTRet>0.00</vFCPSTRet><qBCMono>10.67</qBCMono>');
  });

  it('a document without monophase items or vTotTrib has none of their totals', () => {
    const xml = build(normalTaxRequest([cstItem('00', [own('00')])]));
    expect(xml).not.toContain('qBCMono');
    expect(xml).not.toContain('vTotTrib');
  });

  it('II and vTotTrib: summed, vII added to vNF', () => {
    const r = importEntry();
    const second = { ...(r.itens[0] as NfeItem) };
    const v = leaves(build({ ...r, itens: [r.itens[0] as NfeItem, second] }));
    expect(v.get('NFe/infNFe/det[1]/imposto/vTotTrib')).toBe('157.25');
    expect(v.get('NFe/infNFe/det[1]/imposto/II/vDespAdu')).toBe('12.50');
    expect(v.get('NFe/infNFe/total/ICMSTot/vII')).toBe('100.00');
    expect(v.get('NFe/infNFe/total/ICMSTot/vTotTrib')).toBe('314.50');
    expect(v.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('1100.00');
  });

  it('PIS-ST and COFINS-ST enter vNF only with compoe_total 1; vPIS/vCOFINS stay the non-ST sums', () => {
    const v = leaves(
      build(
        normalTaxRequest([
          cstItem('00', [
            own('00'),
            line('pis', { cst: '01', base_calc: '500', aliquota: '1.65', valor: '8.25' }),
            line('pis_st', {
              base_calc: '500',
              aliquota: '1.65',
              valor: '8.25',
              compoe_total: '1',
            }),
            line('cofins', { cst: '01', base_calc: '500', aliquota: '7.6', valor: '38' }),
            line('cofins_st', {
              base_calc: '500',
              aliquota: '7.6',
              valor: '38',
              compoe_total: '0',
            }),
          ]),
        ]),
      ),
    );
    expect(v.get('NFe/infNFe/total/ICMSTot/vPIS')).toBe('8.25');
    expect(v.get('NFe/infNFe/total/ICMSTot/vCOFINS')).toBe('38.00');
    expect(v.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('508.25');
  });

  it('IPI by quantity and with its seal, before cEnq', () => {
    const xml = build(
      normalTaxRequest([
        cstItem('00', [
          own('00'),
          line('ipi', {
            cst: '50',
            cnpj_produtor: '06929383000163',
            selo_controle: 'SELO <1>',
            quantidade_selo: '3',
            quantidade_tributavel: '10.5',
            aliquota_especifica: '0.25',
            valor: '2.63',
          }),
        ]),
      ]),
    );
    expect(xml).toContain(
      '<IPI><CNPJProd>06929383000163</CNPJProd><cSelo>SELO &lt;1&gt;</cSelo><qSelo>3</qSelo><cEnq>999</cEnq><IPITrib><CST>50</CST><qUnid>10.5000</qUnid><vUnid>0.2500</vUnid><vIPI>2.63</vIPI></IPITrib></IPI>',
    );
    expect(leaves(xml).get('NFe/infNFe/total/ICMSTot/vIPI')).toBe('2.63');
  });

  it('CSOSN 900 credit from its own line, after the ST block', () => {
    const xml = build(
      request({
        pagamento: { tpag: '01', valor: '1000' },
        itens: [
          item({
            fiscal_result: {
              cfop: '5102',
              consumidor_final: true,
              indicador_ie: '9',
              csosn: '900',
              tributos: [
                line('icms_st', { base_calc: '600', aliquota_st: '18', valor: '18' }),
                line('icms_credito_sn', { aliquota: '2.5', valor: '12.5' }),
              ],
            },
          }),
        ],
      }),
    );
    expect(xml).toContain(
      '<vICMSST>18.00</vICMSST><pCredSN>2.50</pCredSN><vCredICMSSN>12.50</vCredICMSSN></ICMSSN900>',
    );
  });

  it('vItem of a document with IBS/CBS counts the deducted desoneração and PIS-ST that composes the total', () => {
    const xml = build(
      normalTaxRequest(
        [
          item({
            fiscal_result: {
              cfop: '5102',
              consumidor_final: true,
              indicador_ie: '9',
              cst: '40',
              tributos: [
                zero('40'),
                deson({ valor: '90' }),
                line('pis_st', {
                  base_calc: '500',
                  aliquota: '1.65',
                  valor: '8.25',
                  compoe_total: '1',
                }),
                ...consistentLines('000', '500.00'),
              ],
            },
          }),
        ],
        { destinatario: null },
      ),
    );
    const v = leaves(xml);
    expect(v.get('NFe/infNFe/det[1]/vItem')).toBe('418.25');
    expect(v.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('418.25');
    expect(v.get('NFe/infNFe/total/vNFTot')).toBe('418.25');
  });
});

describe('tax groups: each bad input is a 422 naming the field', () => {
  it('desoneração motive the CST does not take', () =>
    expectIssue(
      normalIssues('20', [own('20', { base_calc_percent: '80' }), deson({ motivo: '7' })]),
      at(1, 'motivo'),
      'literal_error',
    ));
  it('desoneração without a motive', () =>
    expectIssue(
      normalIssues('40', [zero('40'), deson({ motivo: null })]),
      at(1, 'motivo'),
      'missing',
    ));
  it('desoneração of 0 (627)', () =>
    expectIssue(
      normalIssues('40', [zero('40'), deson({ valor: '0' })]),
      at(1, 'valor'),
      'nfe_rule',
      /627/,
    ));
  it('SUFRAMA motive without the recipient registration (625)', () =>
    expectIssue(
      normalIssues('40', [zero('40'), deson({ motivo: '7' })]),
      at(1, 'motivo'),
      'nfe_rule',
      /625/,
    ));
  it('SUFRAMA motive on an entry CFOP needs no registration (N28-10 exception)', () => {
    const entry = cstItem('40', [zero('40'), deson({ motivo: '7' })], '1202');
    const found = issuesOf(normalTaxRequest([entry], { tp_nf: '0' }));
    expect(found.filter((i) => i.message.includes('625'))).toEqual([]);
  });
  it('indDeduzDeson other than 0/1', () =>
    expectIssue(
      normalIssues('40', [zero('40'), deson({ compoe_total: 'S' })]),
      at(1, 'compoe_total'),
      'literal_error',
    ));
  it('desoneração on CST 00', () =>
    expectIssue(normalIssues('00', [own('00'), deson()]), at(1), 'tax_line_mismatch'));
  it('ST desoneração on CST 20', () =>
    expectIssue(
      normalIssues('20', [
        own('20', { base_calc_percent: '80' }),
        line('icms_st_desonerado', { valor: '1', motivo: '9' }),
      ]),
      at(1),
      'tax_line_mismatch',
    ));
  it('a field of another domain (motivo on the icms line)', () =>
    expectIssue(
      normalIssues('00', [own('00', { motivo: '9' })]),
      at(0, 'motivo'),
      'tax_line_mismatch',
    ));
  it('two lines of one of the new domains', () =>
    expectIssue(normalIssues('40', [zero('40'), deson(), deson()]), at(2), 'tax_line_duplicate'));

  it('CST 51: deferred value without the percent', () =>
    expectIssue(
      normalIssues('51', [deferred({ diferimento_percent: null })]),
      at(0, 'diferimento_percent'),
      'missing',
    ));
  it('CST 51: vICMSOp against vBC × pICMS (351)', () =>
    expectIssue(
      normalIssues('51', [deferred({ valor: '50' })]),
      at(0, 'valor'),
      'nfe_rule',
      /351/,
    ));
  it('CST 51: vICMSDif against vICMSOp × pDif (352)', () =>
    expectIssue(
      normalIssues('51', [deferred({ valor: '42.20', valor_diferido: '29.80' })]),
      at(0, 'valor_diferido'),
      'nfe_rule',
      /352/,
    ));
  it('CST 51: pDif above 100', () =>
    expectIssue(
      normalIssues('51', [deferred({ diferimento_percent: '100.5' })]),
      at(0, 'diferimento_percent'),
      'less_than_equal',
    ));
  it('CST 51: cBenefRBC without a reduced base', () =>
    expectIssue(
      normalIssues('51', [
        deferred({
          base_calc: '500',
          base_calc_percent: '100',
          valor: '54',
          valor_diferido: '36',
          codigo_beneficio_reducao: 'SP123456',
        }),
      ]),
      at(0, 'codigo_beneficio_reducao'),
      'tax_line_mismatch',
    ));
  it('CST 51: cBenefRBC of 9 characters', () =>
    expectIssue(
      normalIssues('51', [deferred({ codigo_beneficio_reducao: 'SP1234567' })]),
      at(0, 'codigo_beneficio_reducao'),
      'string_pattern_mismatch',
    ));
  it('CST 51: FCP deferred above the FCP', () =>
    expectIssue(
      normalIssues('51', [
        deferred(),
        line('fcp', {
          base_calc: '400',
          fcp_percent: '2',
          valor: '8',
          diferimento_percent: '50',
          valor_diferido: '9',
        }),
      ]),
      at(1),
      'tax_line_mismatch',
    ));
  it('deferral on CST 00', () =>
    expectIssue(
      normalIssues('00', [own('00', { diferimento_percent: '10', valor_diferido: '9' })]),
      at(0, 'diferimento_percent'),
      'tax_line_mismatch',
    ));

  it('ST charged earlier on CST 00', () =>
    expectIssue(normalIssues('00', [own('00'), ...retainedLines()]), at(1), 'tax_line_mismatch'));
  it('ICMS60 retained block without pST', () =>
    expectIssue(
      normalIssues('60', [zero('60'), line('icms_st_retido', { base_calc: '500', valor: '30' })]),
      at(1, 'aliquota'),
      'missing',
    ));
  it('FCP-ST retained at 0 % (881)', () =>
    expectIssue(
      normalIssues('60', [
        zero('60'),
        line('fcp_st_retido', { base_calc: '500', fcp_percent: '0', valor: '0' }),
      ]),
      at(1, 'fcp_percent'),
      'nfe_rule',
      /881/,
    ));
  it('vICMSSubstituto with 3 places', () =>
    expectIssue(
      normalIssues('60', [
        zero('60'),
        line('icms_st_retido', {
          base_calc: '500',
          aliquota: '20',
          valor: '30',
          valor_substituto: '1.234',
        }),
      ]),
      at(1, 'valor_substituto'),
      'decimal_max_places',
    ));
  it('ICMSST without the retained line', () =>
    expectIssue(
      normalIssues('60', [zero('60'), line('icms_st_destino', { base_calc: '500', valor: '35' })], {
        uf_destino_tipo: 'interestadual',
        destinatario: INTERSTATE_COMPANY,
      }),
      [...TRIBUTOS],
      'tax_line_missing',
    ));
  it('ICMSST in an internal sale', () =>
    expectIssue(
      normalIssues('60', [zero('60'), ...retainedLines(), line('icms_st_destino', { valor: '1' })]),
      at(4),
      'tax_line_mismatch',
    ));
  it('ICMSST destination on CST 00', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('icms_st_destino', { valor: '1' })]),
      at(1),
      'tax_line_mismatch',
    ));

  const partilha = (fields: Partial<NfeTributoLinha>) => [
    own('10', { operacao_propria_percent: '50', uf_st: 'RJ', ...fields }),
    line('icms_st', { base_calc: '600', aliquota_st: '18', valor: '18' }),
  ];
  const interstate = {
    uf_destino_tipo: 'interestadual' as const,
    destinatario: INTERSTATE_COMPANY,
  };
  it('ICMSPart with an unknown UFST', () =>
    expectIssue(
      normalIssues('10', partilha({ uf_st: 'XX' }), interstate),
      at(0, 'uf_st'),
      'unknown_uf',
    ));
  it('ICMSPart without pBCOp', () =>
    expectIssue(
      normalIssues('10', partilha({ operacao_propria_percent: null }), interstate),
      at(0, 'operacao_propria_percent'),
      'missing',
    ));
  it('ICMSPart in an internal sale', () =>
    expectIssue(normalIssues('10', partilha({})), at(0, 'uf_st'), 'tax_line_mismatch'));
  it('partilha fields on CST 20', () =>
    expectIssue(
      normalIssues('20', [own('20', { base_calc_percent: '80', uf_st: 'RJ' })], interstate),
      at(0, 'uf_st'),
      'tax_line_mismatch',
    ));

  it('CST 02 without its monophase line', () =>
    expectIssue(normalIssues('02', []), [...TRIBUTOS], 'tax_line_missing'));
  it('CST 02 without the ad rem rate', () =>
    expectIssue(
      normalIssues('02', [mono({ aliquota_especifica: null })]),
      at(0, 'aliquota_especifica'),
      'missing',
    ));
  it('a monophase line on CST 00', () =>
    expectIssue(normalIssues('00', [own('00'), mono()]), at(1), 'tax_line_mismatch'));
  it('the ad rem reduction outside CST 15', () =>
    expectIssue(
      normalIssues('02', [mono({ reducao_aliquota_percent: '10', motivo: '1' })]),
      at(0),
      'tax_line_mismatch',
    ));
  it('CST 15 reduction motive without the percent', () =>
    expectIssue(
      normalIssues('15', [
        mono({ motivo: '9' }),
        line('icms_mono_retencao', { aliquota_especifica: '1', valor: '1' }),
      ]),
      at(0, 'reducao_aliquota_percent'),
      'missing',
    ));
  it('a monophase quantity with 5 places', () =>
    expectIssue(
      normalIssues('02', [mono({ quantidade_tributavel: '1.00001' })]),
      at(0, 'quantidade_tributavel'),
      'decimal_max_places',
    ));
  it('the CSOSN 900 credit line on CSOSN 101', () =>
    expectIssue(
      issuesOf(
        request({
          itens: [
            item({
              fiscal_result: {
                cfop: '5102',
                consumidor_final: true,
                indicador_ie: '9',
                csosn: '101',
                tributos: [
                  line('icms', { csosn: '101', aliquota: '1', valor: '5' }),
                  line('icms_credito_sn', { aliquota: '1', valor: '5' }),
                ],
              },
            }),
          ],
        }),
      ),
      at(1),
      'tax_line_mismatch',
    ));

  it('IPI producer CNPJ with wrong check digits (no rejection of its own: 489 is CNPJFab)', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('ipi', { cst: '53', cnpj_produtor: '06929383000164' })]),
      at(1, 'cnpj_produtor'),
      'cnpj_check_digits',
      /check digits/,
    ));
  it('IPI seal count that is not digits', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('ipi', { cst: '53', quantidade_selo: '1a' })]),
      at(1, 'quantidade_selo'),
      'string_pattern_mismatch',
    ));
  it('IPI seal of 61 characters', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('ipi', { cst: '53', selo_controle: 'S'.repeat(61) })]),
      at(1, 'selo_controle'),
      'string_too_long',
    ));
  it('IPI by quantity with a percentage too', () =>
    expectIssue(
      normalIssues('00', [
        own('00'),
        line('ipi', {
          cst: '50',
          aliquota: '10',
          quantidade_tributavel: '1',
          aliquota_especifica: '1',
          valor: '1',
        }),
      ]),
      at(1, 'aliquota'),
      'tax_line_mismatch',
    ));
  it('IPINT with a quantity', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('ipi', { cst: '53', quantidade_tributavel: '1' })]),
      at(1),
      'tax_line_mismatch',
    ));
  it('IPI vUnid with 5 places', () =>
    expectIssue(
      normalIssues('00', [
        own('00'),
        line('ipi', {
          cst: '50',
          quantidade_tributavel: '1',
          aliquota_especifica: '0.00001',
          valor: '0',
        }),
      ]),
      at(1, 'aliquota_especifica'),
      'decimal_max_places',
    ));

  it('PISAliq with a quantity', () =>
    expectIssue(
      normalIssues('00', [
        own('00'),
        line('pis', {
          cst: '01',
          base_calc: '500',
          aliquota: '1.65',
          valor: '8.25',
          quantidade_tributavel: '1',
        }),
      ]),
      at(1),
      'tax_line_mismatch',
    ));
  it('PIS-ST with a CST', () =>
    expectIssue(
      normalIssues('00', [
        own('00'),
        line('pis_st', { cst: '05', base_calc: '1', aliquota: '1', valor: '0.01' }),
      ]),
      at(1),
      'tax_line_mismatch',
    ));
  it('PIS-ST with a base of 0 (TDec_1302Opc)', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('pis_st', { aliquota: '1' })]),
      at(1, 'base_calc'),
      'greater_than',
    ));
  it('compoe_total on a PIS line', () =>
    expectIssue(
      normalIssues('00', [
        own('00'),
        line('pis', {
          cst: '01',
          base_calc: '500',
          aliquota: '1.65',
          valor: '8.25',
          compoe_total: '1',
        }),
      ]),
      at(1, 'compoe_total'),
      'tax_line_mismatch',
    ));

  it('II on a CFOP that is no import', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('ii', { base_calc: '1', valor: '1' })]),
      at(1),
      'tax_line_mismatch',
      /CFOP/,
    ));
  it('II charges that are not decimal', () => {
    const r = importEntry();
    const first = r.itens[0] as NfeItem;
    const tributos = (first.fiscal_result.tributos ?? []).map((l) =>
      l.tax_domain === 'ii' ? { ...l, valor_iof: 'um real' } : l,
    );
    expectIssue(
      issuesOf({
        ...r,
        itens: [{ ...first, fiscal_result: { ...first.fiscal_result, tributos } }],
      }),
      at(1, 'valor_iof'),
      'decimal_parsing',
    );
  });
  it('vTotTrib with 3 places', () =>
    expectIssue(
      normalIssues('00', [own('00'), line('tributos_aproximados', { valor: '1.005' })]),
      at(1, 'valor'),
      'decimal_max_places',
    ));
});
