import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  type NfeIssue,
  type NfeItem,
  type NfeRequest,
  NfeValidationError,
  prepareNfe,
} from '../src/index.js';
import { item, PARAMS, request } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED, leaves } from './helpers.js';
import {
  chargedItem,
  FULL_BATCHES,
  FULL_DI,
  FULL_EXPORT,
  FULL_FUEL,
  FULL_MEDICINE,
  MINIMAL_DI,
  MINIMAL_FUEL,
  SUPPLIER_CHAVE,
  VEHICLE,
} from './item-group-fixtures.js';
import { ibsCbsLines, normalItem, normalRequest } from './rtc-fixtures.js';
import { validateNfeXml, withPlaceholderSignature } from '@emissor/test-support';

/* The item's values (discount, freight, insurance, other charges, indTot), its groups (DI,
   detExport, xPed, rastro, med, comb, veicProd, impostoDevol, infAdProd) and the totals they make. */

const PAID = { tpag: '01', valor: '100000' };
const REFERENCES = { documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }] };

function build(overrides: Partial<NfeRequest>): string {
  return buildNfe({ ...request({ pagamento: PAID, ...overrides }), ...PARAMS }).xml;
}

/** The issues of the request with `overrides`, prepared then rendered at `issuedAt` (PARAMS's by default). */
function issuesOf(overrides: Partial<NfeRequest>, issuedAt = PARAMS.issuedAt): readonly NfeIssue[] {
  try {
    const prepared = prepareNfe(request({ pagamento: PAID, ...overrides }));
    prepared.render({ ...PARAMS, issuedAt });
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  return [];
}

/** The issues of a request whose only item is `it`. */
const itemIssues = (it: NfeItem, extra: Partial<NfeRequest> = {}) =>
  issuesOf({ itens: [it], ...extra });

function expectIssue(
  found: readonly NfeIssue[],
  path: (string | number)[],
  type: string,
  message?: RegExp,
): void {
  const match = found.find(
    (i) => JSON.stringify(i.path) === JSON.stringify(path) && i.type === type,
  );
  expect(match, JSON.stringify(found, null, 1)).toBeDefined();
  if (message) expect(match?.message).toMatch(message);
}

/** An import item: CFOP 3102 with its declaration. */
const importItem = (overrides: Partial<NfeItem> = {}) =>
  item({
    cfop: '3102',
    fiscal_result: {
      cfop: '3102',
      consumidor_final: false,
      indicador_ie: '9',
      csosn: '102',
      tributos: [],
    },
    importacao: [FULL_DI],
    ...overrides,
  });

/** An NF-e of entry (tpNF 0) of goods bought abroad, from a foreign seller. */
const IMPORT: Partial<NfeRequest> = {
  tp_nf: '0',
  uf_destino_tipo: 'exterior',
  destinatario: {
    nome: 'FOREIGN SUPPLIER INC',
    indicador_ie: '9',
    id_estrangeiro: 'US123456',
    address_street: 'Main Street',
    address_number: '1',
    address_district: 'Downtown',
    address_city: 'EXTERIOR',
    address_city_ibge_code: '9999999',
    address_state: 'EX',
    address_country_code: '2496',
    address_country: 'ESTADOS UNIDOS',
  },
};

/** A return of goods (finNFe 4): it references the sale and carries no payment (tPag 90). */
const RETURN: Partial<NfeRequest> = {
  fin_nfe: '4',
  ...REFERENCES,
  pagamento: { tpag: '90', valor: '0' },
};
const returnItem = (overrides: Partial<NfeItem> = {}) =>
  item({
    cfop: '5202',
    fiscal_result: {
      cfop: '5202',
      consumidor_final: true,
      indicador_ie: '9',
      csosn: '900',
      tributos: [],
    },
    devolucao: { percentual: '100', valor_ipi_devolvido: '12.34' },
    ...overrides,
  });

describe.skipIf(!HAVE_SHARED)('item groups are valid under PL_009 and PL_010b', () => {
  it('every item field and group, filled to the most', () => {
    const xml = build({
      ...REFERENCES,
      itens: [
        chargedItem({
          exportacao: FULL_EXPORT,
          rastreabilidade: FULL_BATCHES,
          medicamento: FULL_MEDICINE,
        }),
        chargedItem({ combustivel: FULL_FUEL, incluir_no_total: '0' }),
        chargedItem({ veiculo: VEHICLE }),
      ],
    });
    expect(xml).toContain(
      '<vFrete>10.10</vFrete><vSeg>5.05</vSeg><vDesc>20.50</vDesc><vOutro>1.01</vOutro><indTot>1</indTot>',
    );
    expect(xml).toContain('<EXTIPI>01</EXTIPI><CFOP>');
    expect(xml).toContain('<xPed>PED-2026/0001</xPed><nItemPed>000010</nItemPed>');
    expect(xml).toContain('<infAdProd>Lote conferido &lt;ok&gt; &amp; embalado</infAdProd>');
    expect(xml).toContain('<qLote>4.500</qLote>');
    expect(xml).toContain('<cUFOrig>35</cUFOrig>');
    expect(xml).toContain('<vEncFin>1010.500</vEncFin>');
    expect(xml).toContain('<qTemp>0.5000</qTemp>');
    expectValidCanonical(xml);
  });

  it('every group with only what the layout requires', () => {
    const xml = build({
      ...REFERENCES,
      itens: [
        item({ pedido_compra: { numero: '1' }, rastreabilidade: [FULL_BATCHES[1]!] }),
        item({ combustivel: MINIMAL_FUEL }),
        item({
          exportacao: [
            {
              exportacao_indireta: { chave_acesso: SUPPLIER_CHAVE, quantidade: '10' },
            },
          ],
        }),
        item({
          medicamento: { codigo_anvisa: '12345678901', preco_maximo_consumidor: '0' },
          rastreabilidade: [FULL_BATCHES[0]!],
        }),
      ],
    });
    expect(xml).toContain('<exportInd><nRE></nRE>');
    expectValidCanonical(xml);
  });

  it('an import with its declarations, full and minimal', () => {
    const xml = build({
      ...IMPORT,
      itens: [importItem({ importacao: [FULL_DI, MINIMAL_DI] }), importItem()],
    });
    expect(xml).toContain('<tpViaTransp>1</tpViaTransp><vAFRMM>123.45</vAFRMM>');
    expect(xml).toContain('<tpIntermedio>2</tpIntermedio><CNPJ>06929383000163</CNPJ>');
    expect(xml).toContain('<cFabricante>FAB &lt;1&gt;</cFabricante><vDescDI>10.50</vDescDI>');
    expectValidCanonical(xml);
  });

  it('a return of goods with impostoDevol, minimal and full', () => {
    const xml = build({
      ...RETURN,
      itens: [returnItem(), returnItem({ devolucao: { percentual: '0.5' } })],
    });
    expect(xml).toContain(
      '</imposto><impostoDevol><pDevol>100.00</pDevol><IPI><vIPIDevol>12.34</vIPIDevol></IPI></impostoDevol>',
    );
    expect(xml).toContain('<pDevol>0.50</pDevol><IPI><vIPIDevol>0.00</vIPIDevol>');
    expectValidCanonical(xml);
  });

  it('an IBS/CBS document: charges in vItem, an item outside the total out of vNFTot', () => {
    const lines = ibsCbsLines('500', { uf: '0.50', cbs: '4.50' });
    const xml = buildNfe({
      ...normalRequest([
        normalItem(lines, {
          valor_desconto: '20',
          valor_frete: '3',
          valor_seguro: '2',
          valor_outras_despesas: '1',
          informacoes_adicionais: 'x',
        }),
        normalItem(lines, { incluir_no_total: '0', valor_desconto: '5' }),
      ]),
      ...PARAMS,
    }).xml;
    const leaf = leaves(xml);
    expect(leaf.get('NFe/infNFe/det[1]/vItem')).toBe('486.00');
    expect(leaf.get('NFe/infNFe/det[2]/vItem')).toBe('495.00');
    expect(leaf.get('NFe/infNFe/total/ICMSTot/vProd')).toBe('500.00');
    expect(leaf.get('NFe/infNFe/total/ICMSTot/vDesc')).toBe('25.00');
    expect(leaf.get('NFe/infNFe/total/ICMSTot/vNF')).toBe('481.00');
    expect(leaf.get('NFe/infNFe/total/vNFTot')).toBe('486.00');
    expect(xml).toContain('</imposto><infAdProd>x</infAdProd><vItem>');
    expect(validateNfeXml(withPlaceholderSignature(xml), 'PL_010b_NT2025_002_v1.30')).toEqual([]);
  });
});

describe('the totals of the item values, exact in decimals', () => {
  const total = (xml: string, field: string) =>
    leaves(xml).get(`NFe/infNFe/total/ICMSTot/${field}`);

  it('sums every charge; vProd only of the items inside the total; vNF by the layout formula', () => {
    const xml = build({
      itens: [
        chargedItem(),
        item({
          quantidade: '3',
          valor_unitario: '10',
          incluir_no_total: '0',
          valor_desconto: '1',
          valor_frete: '2',
        }),
        item({ valor_desconto: '0', valor_frete: '0.00' }),
      ],
    });
    expect(total(xml, 'vProd')).toBe('1000.00');
    expect(total(xml, 'vDesc')).toBe('21.50');
    expect(total(xml, 'vFrete')).toBe('12.10');
    expect(total(xml, 'vSeg')).toBe('5.05');
    expect(total(xml, 'vOutro')).toBe('1.01');
    expect(total(xml, 'vIPIDevol')).toBe('0.00');
    // 1000 − 21.50 + 12.10 + 5.05 + 1.01
    expect(total(xml, 'vNF')).toBe('996.66');
    expect(leaves(xml).get('NFe/infNFe/det[2]/prod/indTot')).toBe('0');
    // A zero charge writes no element (TDec_1302Opc is above 0).
    const third = [...leaves(xml).keys()].filter((k) => k.startsWith('NFe/infNFe/det[3]/prod/'));
    expect(third.some((k) => /\/(vDesc|vFrete)$/.test(k))).toBe(false);
  });

  it('adds tenths exactly: 0.1 + 0.2 is 0.30', () => {
    const xml = build({
      itens: [item({ valor_desconto: '0.1' }), item({ valor_desconto: '0.2' })],
    });
    expect(total(xml, 'vDesc')).toBe('0.30');
    expect(total(xml, 'vNF')).toBe('999.70');
  });

  it('adds the returned IPI to vIPIDevol and vNF', () => {
    const xml = build({
      ...RETURN,
      itens: [
        returnItem(),
        returnItem({ devolucao: { percentual: '50', valor_ipi_devolvido: '0.66' } }),
      ],
    });
    expect(total(xml, 'vIPIDevol')).toBe('13.00');
    expect(total(xml, 'vNF')).toBe('1013.00');
  });

  it('a payment below a vNF the charges raised is still refused', () => {
    const found = issuesOf({
      itens: [item({ valor_frete: '10' })],
      pagamento: { tpag: '01', valor: '500' },
    });
    expectIssue(found, ['pagamento', 'valor'], 'payment_below_total', /510\.00/);
  });
});

describe('refusals: each SEFAZ rule the item groups break, before a number', () => {
  const rule = (found: readonly NfeIssue[], path: (string | number)[], code: number) =>
    expectIssue(found, path, 'nfe_rule', new RegExp(`SEFAZ rejection ${code}\\b`));

  it('483: a discount above the item value', () => {
    rule(itemIssues(item({ valor_desconto: '500.01' })), ['itens', 0, 'valor_desconto'], 483);
    expect(itemIssues(item({ valor_desconto: '500' }))).toEqual([]);
  });

  it('525: an import CFOP without its declaration (not for the return CFOPs)', () => {
    rule(
      issuesOf({ ...IMPORT, itens: [importItem({ importacao: null })] }),
      ['itens', 0, 'importacao'],
      525,
    );
    const returned = importItem({ importacao: null, cfop: '3201' });
    returned.fiscal_result = { ...returned.fiscal_result, cfop: '3201' };
    expect(issuesOf({ ...IMPORT, itens: [returned] })).toEqual([]);
  });

  const diIssues = (di: Partial<typeof FULL_DI>) =>
    issuesOf({ ...IMPORT, itens: [importItem({ importacao: [{ ...FULL_DI, ...di }] })] });
  const DI = ['itens', 0, 'importacao', 0];

  it('330: an import by sea without the AFRMM', () =>
    rule(diIssues({ valor_afrmm: null }), [...DI, 'valor_afrmm'], 330));
  it('331: an import on behalf of a buyer without the buyer', () =>
    rule(diIssues({ cnpj: null }), [...DI, 'cnpj'], 331));
  it("332: the buyer's CNPJ with wrong check digits", () =>
    rule(diIssues({ cnpj: '06929383000164' }), [...DI, 'cnpj'], 332));
  it("333: an import to order without the buyer's state", () =>
    rule(diIssues({ forma_intermedio: '3', uf_terceiro: null }), [...DI, 'uf_terceiro'], 333));
  it('335: a drawback act of neither 9 nor 11 digits (import)', () =>
    rule(
      diIssues({
        adicoes: [{ sequencial: '1', codigo_fabricante: 'F', numero_drawback: '2026001' }],
      }),
      [...DI, 'adicoes', 0, 'numero_drawback'],
      335,
    ));

  const exportIssues = (exportacao: unknown, extra: Partial<NfeRequest> = REFERENCES) =>
    itemIssues(item({ exportacao: exportacao as NfeItem['exportacao'] }), extra);
  const indirect = (fields: object) => [
    { exportacao_indireta: { chave_acesso: SUPPLIER_CHAVE, quantidade: '10', ...fields } },
  ];
  const EXP = ['itens', 0, 'exportacao', 0];

  it('339: a drawback act of neither 9 nor 11 digits (export)', () =>
    rule(exportIssues([{ numero_drawback: '1234567890' }]), [...EXP, 'numero_drawback'], 339));
  it('340: CFOP 7501 without an indirect export', () => {
    const exporting = item({
      cfop: '7501',
      fiscal_result: {
        cfop: '7501',
        consumidor_final: false,
        indicador_ie: '9',
        csosn: '102',
        tributos: [],
      },
      exportacao: [{ numero_drawback: '260000001' }],
    });
    rule(issuesOf({ ...IMPORT, tp_nf: '1', itens: [exporting] }), ['itens', 0, 'exportacao'], 340);
  });
  it('342: a chave with a wrong check digit', () => {
    const last =
      SUPPLIER_CHAVE.charAt(43) === '9' ? '0' : String(Number(SUPPLIER_CHAVE.charAt(43)) + 1);
    rule(
      exportIssues(indirect({ chave_acesso: SUPPLIER_CHAVE.slice(0, 43) + last })),
      [...EXP, 'exportacao_indireta', 'chave_acesso'],
      342,
    );
  });
  it('343: a chave that is not of an NF-e (model 65)', () => {
    const nfce = `${SUPPLIER_CHAVE.slice(0, 20)}65${SUPPLIER_CHAVE.slice(22, 43)}`;
    const chave = nfce + modulo11(nfce);
    rule(
      exportIssues(indirect({ chave_acesso: chave }), {
        documentos_referenciados: [{ chave_acesso: chave }],
      }),
      [...EXP, 'exportacao_indireta', 'chave_acesso'],
      343,
    );
  });
  it('344: the same NF-e twice in the item', () =>
    rule(
      exportIssues([...indirect({ quantidade: '5' }), ...indirect({ quantidade: '5' })]),
      ['itens', 0, 'exportacao', 1, 'exportacao_indireta', 'chave_acesso'],
      344,
    ));
  it('345: an indirect export whose NF-e is not referenced', () =>
    rule(exportIssues(indirect({}), {}), [...EXP, 'exportacao_indireta', 'chave_acesso'], 345));
  it("346: quantities that do not add up to the item's", () =>
    rule(exportIssues(indirect({ quantidade: '9.9999' })), ['itens', 0, 'exportacao'], 346));

  it('354: impostoDevol outside a return of goods', () =>
    rule(itemIssues(item({ devolucao: { percentual: '100' } })), ['itens', 0, 'devolucao'], 354));

  it('380: a pump meter that did not move forward', () =>
    rule(
      itemIssues(
        item({
          combustivel: {
            ...FULL_FUEL,
            encerrante: { bico: '1', tanque: '1', valor_inicial: '10', valor_final: '10.000' },
          },
        }),
      ),
      ['itens', 0, 'combustivel', 'encerrante', 'valor_final'],
      380,
    ));

  it('478: a vehicle billed directly with no delivery place', () =>
    rule(
      itemIssues(item({ veiculo: { ...VEHICLE, tipo_operacao: '2' } })),
      ['itens', 0, 'veiculo', 'tipo_operacao'],
      478,
    ));

  it('870: a batch that expires before it was made', () =>
    rule(
      itemIssues(item({ rastreabilidade: [{ ...FULL_BATCHES[0]!, data_validade: '2026-01-14' }] })),
      ['itens', 0, 'rastreabilidade', 0, 'data_validade'],
      870,
    ));

  it('873: a medicine without its batches', () =>
    rule(itemIssues(item({ medicamento: FULL_MEDICINE })), ['itens', 0, 'rastreabilidade'], 873));

  it("877: a batch made after the day of issue, dhEmi's in the emitter's state", () => {
    const batch = [
      { ...FULL_BATCHES[0]!, data_fabricacao: '2026-11-22', data_validade: '2027-01-01' },
    ];
    const overrides = { itens: [item({ rastreabilidade: batch })] };
    // 2026-11-22T02:30Z is still the 21st in São Paulo (UTC−3): the batch is made the day after.
    rule(
      issuesOf(overrides, new Date('2026-11-22T02:30:00Z')),
      ['itens', 0, 'rastreabilidade', 0, 'data_fabricacao'],
      877,
    );
    expect(issuesOf(overrides, new Date('2026-11-22T03:00:00Z'))).toEqual([]);
    // Prepared on the 21st, the request is judged by the day it is rendered for, not by that one.
    const prepared = prepareNfe(request({ pagamento: PAID, ...overrides }));
    expect(() =>
      prepared.render({ ...PARAMS, issuedAt: new Date('2026-11-23T12:00:00Z') }),
    ).not.toThrow();
  });
});

/** The modulo-11 digit of a chave's first 43 digits. */
function modulo11(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? '0' : String(11 - remainder);
}

describe('refusals: each kind of bad input names its field', () => {
  const at = (it: Partial<NfeItem>, path: (string | number)[], type: string) =>
    expectIssue(itemIssues(item(it)), ['itens', 0, ...path], type);

  it('a charge with more than 2 places', () =>
    at({ valor_frete: '1.001' }, ['valor_frete'], 'decimal_max_places'));
  it('a negative charge', () => at({ valor_seguro: '-1' }, ['valor_seguro'], 'greater_than_equal'));
  it('a charge that is no decimal', () =>
    at({ valor_outras_despesas: 'dez' }, ['valor_outras_despesas'], 'decimal_parsing'));
  it('a charge of 14 whole digits', () =>
    at({ valor_desconto: '12345678901234' }, ['valor_desconto'], 'decimal_whole_digits'));
  it('indTot other than 0 or 1', () =>
    at({ incluir_no_total: '2' }, ['incluir_no_total'], 'literal_error'));
  it('infAdProd over 500 characters', () =>
    at({ informacoes_adicionais: 'x'.repeat(501) }, ['informacoes_adicionais'], 'string_too_long'));
  it('infAdProd with a line break', () =>
    at({ informacoes_adicionais: 'a\nb' }, ['informacoes_adicionais'], 'string_pattern_mismatch'));
  it('an order number over 15 characters', () =>
    at(
      { pedido_compra: { numero: 'x'.repeat(16) } },
      ['pedido_compra', 'numero'],
      'string_too_long',
    ));
  it('an order item of 7 digits', () =>
    at(
      { pedido_compra: { numero: '1', item: '1234567' } },
      ['pedido_compra', 'item'],
      'string_pattern_mismatch',
    ));
  it('an EXTIPI of 1 digit', () => at({ ex_tipi: '1' }, ['ex_tipi'], 'string_pattern_mismatch'));
  it('a DI date that is no date', () =>
    expectIssue(
      issuesOf({
        ...IMPORT,
        itens: [importItem({ importacao: [{ ...FULL_DI, data_registro: '2026-02-30' }] })],
      }),
      ['itens', 0, 'importacao', 0, 'data_registro'],
      'date_parsing',
    ));
  it('a DI with no additions', () =>
    expectIssue(
      issuesOf({ ...IMPORT, itens: [importItem({ importacao: [{ ...FULL_DI, adicoes: [] }] })] }),
      ['itens', 0, 'importacao', 0, 'adicoes'],
      'too_short',
    ));
  it('a DI in an unknown state', () =>
    expectIssue(
      issuesOf({
        ...IMPORT,
        itens: [importItem({ importacao: [{ ...FULL_DI, uf_desembaraco: 'XX' }] })],
      }),
      ['itens', 0, 'importacao', 0, 'uf_desembaraco'],
      'unknown_uf',
    ));
  it('a DI with both CNPJ and CPF', () =>
    expectIssue(
      issuesOf({
        ...IMPORT,
        itens: [importItem({ importacao: [{ ...FULL_DI, cpf: '12345678909' }] })],
      }),
      ['itens', 0, 'importacao', 0, 'cpf'],
      'cnpj_and_cpf',
    ));
  it('a transport mode outside 1–13', () =>
    expectIssue(
      issuesOf({
        ...IMPORT,
        itens: [importItem({ importacao: [{ ...FULL_DI, via_transporte: '14' }] })],
      }),
      ['itens', 0, 'importacao', 0, 'via_transporte'],
      'literal_error',
    ));
  it('101 DIs', () =>
    expectIssue(
      issuesOf({ ...IMPORT, itens: [importItem({ importacao: Array(101).fill(MINIMAL_DI) })] }),
      ['itens', 0, 'importacao'],
      'too_long',
    ));
  it('501 batches', () =>
    at({ rastreabilidade: Array(501).fill(FULL_BATCHES[1]) }, ['rastreabilidade'], 'too_long'));
  it('a batch quantity with 4 places', () =>
    at(
      { rastreabilidade: [{ ...FULL_BATCHES[1]!, quantidade: '1.0001' }] },
      ['rastreabilidade', 0, 'quantidade'],
      'decimal_max_places',
    ));
  it('a registration number of 13 digits', () =>
    expectIssue(
      itemIssues(
        item({
          exportacao: [
            {
              exportacao_indireta: {
                numero_registro: '1234567890123',
                chave_acesso: SUPPLIER_CHAVE,
                quantidade: '10',
              },
            },
          ],
        }),
        REFERENCES,
      ),
      ['itens', 0, 'exportacao', 0, 'exportacao_indireta', 'numero_registro'],
      'string_pattern_mismatch',
    ));
  it('two specific product groups', () =>
    at({ veiculo: VEHICLE, combustivel: MINIMAL_FUEL }, ['combustivel'], 'product_group_conflict'));
  it('an ANVISA code of 12 digits', () =>
    at(
      {
        medicamento: { ...FULL_MEDICINE, codigo_anvisa: '123456789012' },
        rastreabilidade: FULL_BATCHES,
      },
      ['medicamento', 'codigo_anvisa'],
      'string_pattern_mismatch',
    ));
  it('a fuel percentage above 100', () =>
    at(
      { combustivel: { ...FULL_FUEL, percentual_glp: '100.01' } },
      ['combustivel', 'percentual_glp'],
      'less_than_equal',
    ));
  it('a fuel origin in no state', () =>
    at(
      { combustivel: { ...FULL_FUEL, origens: [{ importado: '0', uf: '99', percentual: '100' }] } },
      ['combustivel', 'origens', 0, 'uf'],
      'unknown_uf',
    ));
  it('an ANP code of 8 digits', () =>
    at(
      { combustivel: { ...MINIMAL_FUEL, codigo_anp: '21020300' } },
      ['combustivel', 'codigo_anp'],
      'string_pattern_mismatch',
    ));
  it('a chassis of 16 characters', () =>
    at(
      { veiculo: { ...VEHICLE, chassi: '9BWZZZ377VT00425' } },
      ['veiculo', 'chassi'],
      'string_pattern_mismatch',
    ));
  it('a vehicle without its restriction', () =>
    at(
      { veiculo: { ...VEHICLE, restricao: undefined as unknown as string } },
      ['veiculo', 'restricao'],
      'missing',
    ));
  it('a returned share with 3 places', () =>
    expectIssue(
      issuesOf({ ...RETURN, itens: [returnItem({ devolucao: { percentual: '10.001' } })] }),
      ['itens', 0, 'devolucao', 'percentual'],
      'decimal_max_places',
    ));
  it('a returned share above 100 %', () =>
    expectIssue(
      issuesOf({ ...RETURN, itens: [returnItem({ devolucao: { percentual: '100.01' } })] }),
      ['itens', 0, 'devolucao', 'percentual'],
      'less_than_equal',
    ));
});
