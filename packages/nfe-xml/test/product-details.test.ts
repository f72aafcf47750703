import { describe, expect, it } from 'vitest';

import type { NfeItem } from '../src/index.js';
import { item } from './fixtures.js';
import { expectValidCanonical, HAVE_SHARED } from './helpers.js';
import {
  CONFIDENTIAL_CHAVE,
  codedItem,
  FCI,
  MANUFACTURER_CNPJ,
  PACKAGING,
  RECOPI,
  WEAPONS,
} from './product-details-fixtures.js';
import { build, issueAt, issues, section } from './transport-billing-fixtures.js';

/* The item's other codes (cBarra, NVE, indEscala/CNPJFab, gCred, cBarraTrib), nFCI, infProdEmb,
   arma, nRECOPI and obsItem; the recipient's phone and a confidential reference (refNFeSig). */

const PAID = { tpag: '01', valor: '100000' };
const itemIssues = (it: NfeItem) => issues({ pagamento: PAID, itens: [it] });

describe.skipIf(!HAVE_SHARED)('the item codes and groups, valid under PL_009 and PL_010b', () => {
  it('every code in its place of <prod>, escaped, with the layout decimals', () => {
    const xml = build({ pagamento: PAID, itens: [codedItem()] });
    expectValidCanonical(xml);
    const prod = section(xml, 'prod') ?? '';
    expect(prod).toContain('<cEAN>SEM GTIN</cEAN><cBarra>INT-0001</cBarra><xProd>');
    expect(prod).toContain('</NCM><NVE>AA0001</NVE><NVE>ZZ9999</NVE><CEST>2800100</CEST>');
    expect(prod).toContain(
      `<indEscala>N</indEscala><CNPJFab>${MANUFACTURER_CNPJ}</CNPJFab><gCred>`,
    );
    expect(prod).toContain(
      '<gCred><cCredPresumido>SP000207</cCredPresumido><pCredPresumido>3.00</pCredPresumido><vCredPresumido>15.00</vCredPresumido></gCred>' +
        '<gCred><cCredPresumido>SP00020799</cCredPresumido><pCredPresumido>1.2345</pCredPresumido><vCredPresumido>6.17</vCredPresumido></gCred><CFOP>',
    );
    expect(prod).toContain(
      '<cEANTrib>SEM GTIN</cEANTrib><cBarraTrib>INT-TRIB-1</cBarraTrib><uTrib>',
    );
    expect(prod).toContain(
      `<indTot>1</indTot><nFCI>${FCI}</nFCI><infProdEmb><xEmb>CAIXA</xEmb><qVolEmb>12.500</qVolEmb><uEmb>L</uEmb></infProdEmb></prod>`,
    );
    expect(xml).toContain(
      '</imposto><obsItem><obsCont xCampo="Lote"><xTexto>Conferido &lt;ok&gt;</xTexto></obsCont>' +
        '<obsFisco xCampo="Processo"><xTexto>123/2026</xTexto></obsFisco></obsItem></det>',
    );
  });

  it('weapons and immune paper, the last two specific products', () => {
    const xml = build({
      pagamento: PAID,
      itens: [item({ armas: WEAPONS }), item({ numero_recopi: RECOPI })],
    });
    expectValidCanonical(xml);
    expect(xml).toContain(
      '<arma><tpArma>0</tpArma><nSerie>SER-0001</nSerie><nCano>CANO-0001</nCano><descr>PISTOLA CAL .380 &lt;TAURUS&gt; &amp; CIA</descr></arma>' +
        '<arma><tpArma>1</tpArma><nSerie>X</nSerie><nCano>Y</nCano><descr>FUZIL</descr></arma></prod>',
    );
    expect(xml).toContain(`<indTot>1</indTot><nRECOPI>${RECOPI}</nRECOPI></prod>`);
  });

  it('the least each takes: a scale made relevant alone, one note, one NVE', () => {
    const xml = build({
      pagamento: PAID,
      itens: [
        item({ cest: '2800100', escala_relevante: 'S', nve: ['AB1234'] }),
        item({ observacao_fisco: { campo: 'x', texto: 'y' }, embalagem: PACKAGING }),
      ],
    });
    expectValidCanonical(xml);
    expect(xml).toContain('<CEST>2800100</CEST><indEscala>S</indEscala><CFOP>');
    expect(xml).toContain('<obsItem><obsFisco xCampo="x"><xTexto>y</xTexto></obsFisco></obsItem>');
  });

  it('the plain item is unchanged', () => {
    expect(section(build({}), 'prod')).toBe(
      '<prod><cProd>11007</cProd><cEAN>SEM GTIN</cEAN><xProd>UM PRODUTO TESTE QUALQUER</xProd><NCM>64011000</NCM>' +
        '<CFOP>5102</CFOP><uCom>UN</uCom><qCom>10.0000</qCom><vUnCom>50.00</vUnCom><vProd>500.00</vProd><cEANTrib>SEM GTIN</cEANTrib>' +
        '<uTrib>UN</uTrib><qTrib>10.0000</qTrib><vUnTrib>50.00</vUnTrib><indTot>1</indTot></prod>',
    );
  });

  it("the recipient's phone in enderDest, and a reference by a confidential chave", () => {
    const xml = build({
      destinatario: {
        nome: 'JOSE',
        indicador_ie: '9',
        cpf: '12345678909',
        address_street: 'Rua A',
        address_number: '1',
        address_district: 'Centro',
        address_city: 'SAO PAULO',
        address_city_ibge_code: '3550308',
        address_state: 'SP',
        address_zip: '04207040',
        fone: '11987654321',
      },
      documentos_referenciados: [{ chave_acesso_sigilosa: CONFIDENTIAL_CHAVE }],
    });
    expectValidCanonical(xml);
    expect(xml).toContain('<xPais>BRASIL</xPais><fone>11987654321</fone></enderDest>');
    expect(xml).toContain(`<NFref><refNFeSig>${CONFIDENTIAL_CHAVE}</refNFeSig></NFref>`);
  });
});

describe('the item codes: the rules SEFAZ checks and the layout limits, before a number is taken', () => {
  const at = (fields: Partial<NfeItem>, path: (string | number)[], type: string, text = '') =>
    issueAt(itemIssues(item(fields)), ['itens', 0, ...path], type, text);

  it('879: an item not made at a relevant scale names its manufacturer', () =>
    at({ cest: '2800100', escala_relevante: 'N' }, ['cnpj_fabricante'], 'nfe_rule', '879'));

  it("489: the manufacturer's CNPJ has its check digits", () =>
    at(
      { cest: '2800100', cnpj_fabricante: '06929383000164' },
      ['cnpj_fabricante'],
      'nfe_rule',
      '489',
    ));

  it('1166: only an emitter in a free-trade area classifies items for the ZFM', () =>
    at({ tipo_credito_presumido_zfm: '1' }, ['tipo_credito_presumido_zfm'], 'nfe_rule', '1166'));

  it('indEscala and CNPJFab need the CEST they follow', () => {
    at({ escala_relevante: 'S' }, ['escala_relevante'], 'cest_required');
    at({ cnpj_fabricante: MANUFACTURER_CNPJ }, ['cnpj_fabricante'], 'cest_required');
  });

  it.each([
    ['a short barcode', { codigo_barras: 'AB' }, ['codigo_barras'], 'string_too_short'],
    [
      'a long taxable barcode',
      { codigo_barras_tributavel: 'X'.repeat(31) },
      ['codigo_barras_tributavel'],
      'string_too_long',
    ],
    ['an NVE of the wrong form', { nve: ['aa0001'] }, ['nve', 0], 'string_pattern_mismatch'],
    ['nine NVE codes', { nve: Array(9).fill('AA0001') }, ['nve'], 'too_long'],
    [
      'a scale other than S or N',
      { cest: '2800100', escala_relevante: 'X' },
      ['escala_relevante'],
      'literal_error',
    ],
    [
      'five presumed credits',
      {
        creditos_presumidos_icms: Array(5).fill({
          codigo: 'SP000207',
          percentual: '1',
          valor: '1',
        }),
      },
      ['creditos_presumidos_icms'],
      'too_long',
    ],
    [
      'a credit code of 9 characters',
      { creditos_presumidos_icms: [{ codigo: 'SP0002070', percentual: '1', valor: '1' }] },
      ['creditos_presumidos_icms', 0, 'codigo'],
      'string_pattern_mismatch',
    ],
    [
      'a credit percent with 5 places',
      { creditos_presumidos_icms: [{ codigo: 'SP000207', percentual: '1.23456', valor: '1' }] },
      ['creditos_presumidos_icms', 0, 'percentual'],
      'decimal_max_places',
    ],
    [
      'an FCI in lower case',
      { numero_fci: FCI.toLowerCase() },
      ['numero_fci'],
      'string_pattern_mismatch',
    ],
    [
      'a packaging of 9 characters',
      { embalagem: { ...PACKAGING, descricao: 'CAIXA GRD' } },
      ['embalagem', 'descricao'],
      'string_too_long',
    ],
    [
      'a packaging volume with 4 places',
      { embalagem: { ...PACKAGING, quantidade: '1.2345' } },
      ['embalagem', 'quantidade'],
      'decimal_max_places',
    ],
    [
      'a weapon of type 2',
      { armas: [{ ...WEAPONS[0]!, tipo: '2' }] },
      ['armas', 0, 'tipo'],
      'literal_error',
    ],
    [
      'a serial of 16 characters',
      { armas: [{ ...WEAPONS[0]!, numero_serie: 'S'.repeat(16) }] },
      ['armas', 0, 'numero_serie'],
      'string_too_long',
    ],
    ['501 weapons', { armas: Array(501).fill(WEAPONS[1]) }, ['armas'], 'too_long'],
    [
      'a RECOPI of 19 digits',
      { numero_recopi: RECOPI.slice(1) },
      ['numero_recopi'],
      'string_pattern_mismatch',
    ],
    [
      'weapons and a fuel together',
      {
        armas: WEAPONS,
        combustivel: { codigo_anp: '320102001', descricao_anp: 'GASOLINA', uf_consumo: 'SP' },
      },
      ['combustivel'],
      'product_group_conflict',
    ],
    [
      'a note name with a >',
      { observacao_contribuinte: { campo: 'a>b', texto: 'x' } },
      ['observacao_contribuinte', 'campo'],
      'string_pattern_mismatch',
    ],
    [
      'a note of 61 characters',
      { observacao_fisco: { campo: 'a', texto: 'x'.repeat(61) } },
      ['observacao_fisco', 'texto'],
      'string_too_long',
    ],
    ['a used good flag of 2', { bem_movel_usado: '2' }, ['bem_movel_usado'], 'literal_error'],
  ] as [string, Partial<NfeItem>, (string | number)[], string][])(
    '%s is refused at its path',
    (_name, fields, path, type) => {
      at(fields, path, type);
    },
  );

  it("the recipient's phone needs its address and 6–14 digits", () => {
    issueAt(
      issues({
        destinatario: { nome: 'JOSE', indicador_ie: '9', cpf: '12345678909', fone: '1133334444' },
      }),
      ['destinatario', 'fone'],
      'address_required',
    );
  });
});
