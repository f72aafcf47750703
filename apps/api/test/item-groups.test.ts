import type { Refs } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { documentXml, emissionRequest, postEmission, prepareBranch } from './helpers/emission.js';
import { expectSchemaValid } from './helpers/nfe-schema.js';
import { expectRefused, refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import { saoPauloDate } from './helpers/sao-paulo-date.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

/* The item's values and groups through real HTTP: documents with discounts, freight, batches,
   medicines, fuel, vehicles, imports and returns are authorised by the local SEFAZ (which checks
   their totals) and carry the groups in their XML; each kind of bad input is a 422 naming its field
   before a number is taken (no document, the series counter untouched). */

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer();
});
afterAll(() => server.close());

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `item-groups-${++counter}`, branch_ref: 'filial-1' });
// One emitter CNPJ across the tests of this file's server: each branch numbers from its own range.
let range = 0;

const BATCHES = () => [
  {
    lote: 'L-2026/01',
    quantidade: '1.5',
    data_fabricacao: '2026-01-15',
    data_validade: '2099-01-15',
    codigo_agregacao: 'AGR-1',
  },
  { lote: 'L2', quantidade: 0.5, data_fabricacao: saoPauloDate(), data_validade: '2099-12-31' },
];

const VEHICLE = {
  tipo_operacao: '1',
  chassi: '9BWZZZ377VT004251',
  codigo_cor: '0001',
  descricao_cor: 'PRATA',
  potencia: '120',
  cilindradas: '1600',
  peso_liquido: '1100',
  peso_bruto: '1500',
  serie: 'AB123',
  tipo_combustivel: '16',
  numero_motor: 'MOTOR-123456',
  capacidade_tracao: '1.5000',
  distancia_eixos: '2600',
  ano_modelo: '2027',
  ano_fabricacao: '2026',
  tipo_pintura: 'M',
  tipo_veiculo: '6',
  especie_veiculo: '1',
  condicao_vin: 'N',
  condicao_veiculo: '1',
  codigo_marca_modelo: '123456',
  cor_denatran: '10',
  lotacao: '5',
  restricao: '0',
};

/**
 * A sale (emissionRequest's Regime Normal items of 2 × 10.50) whose items carry every value and a
 * specific group: a discounted medicine with its batches, fuel with freight and insurance, a
 * vehicle, and an item outside the total: vProd 3 × 21.00, vNF = 63.00 − 2.00 + 2.00 + 1.00 + 0.25.
 */
function saleBody(r: Refs) {
  const base = emissionRequest(r, { items: 4 });
  const [medicine, fuel, vehicle, outside] = base.itens;
  return {
    ...base,
    itens: [
      {
        ...medicine!,
        valor_desconto: '1.50',
        valor_outras_despesas: 0.25,
        informacoes_adicionais: 'Medicamento conferido <lote> & embalado',
        pedido_compra: { numero: 'PED-2026/0001', item: '000010' },
        ex_tipi: '01',
        rastreabilidade: BATCHES(),
        medicamento: {
          codigo_anvisa: '1234567890123',
          preco_maximo_consumidor: '15.90',
        },
      },
      {
        ...fuel!,
        valor_frete: '2',
        valor_seguro: '1.00',
        valor_desconto: 0,
        combustivel: {
          codigo_anp: '320102001',
          descricao_anp: 'GASOLINA C COMUM',
          uf_consumo: 'SP',
          encerrante: { bico: '1', tanque: '2', valor_inicial: '1000', valor_final: '1002' },
          percentual_biodiesel: '14',
          origens: [{ importado: '0', uf: 'SP', percentual: '100' }],
        },
      },
      { ...vehicle!, veiculo: VEHICLE },
      { ...outside!, incluir_no_total: '0', valor_desconto: '0.50' },
    ],
    pagamento: { tpag: '01', valor: '64.25' },
  };
}

/** The foreign seller of an import (an NF-e of entry, idDest 3). */
const FOREIGN_SELLER = {
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
};

/** The entry of one imported item with its import declaration. */
function importBody(r: Refs) {
  const base = emissionRequest(r);
  const item = base.itens[0]!;
  return {
    ...base,
    tp_nf: '0',
    uf_destino_tipo: 'exterior',
    destinatario: FOREIGN_SELLER,
    itens: [
      {
        ...item,
        cfop: '3102',
        fiscal_result: { ...item.fiscal_result, cfop: '3102', consumidor_final: false },
        importacao: [
          {
            numero: '2601234567',
            data_registro: '2026-01-10',
            local_desembaraco: 'PORTO DE SANTOS',
            uf_desembaraco: 'SP',
            data_desembaraco: '2026-01-12',
            via_transporte: '1',
            valor_afrmm: '12.34',
            forma_intermedio: '2',
            cnpj: '06929383000163',
            uf_terceiro: 'RJ',
            codigo_exportador: 'EXP-1',
            adicoes: [
              {
                numero: '1',
                sequencial: '1',
                codigo_fabricante: 'FAB-1',
                valor_desconto: '1.00',
                numero_drawback: '20260000011',
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The return (fin_nfe 4) of the first item of the sale `chave`, with the IPI returned. */
function returnBody(r: Refs, chave: string) {
  const base = emissionRequest(r);
  const item = base.itens[0]!;
  return {
    ...base,
    fin_nfe: '4',
    documentos_referenciados: [{ chave_acesso: chave }],
    itens: [
      {
        ...item,
        cfop: '5202',
        fiscal_result: { ...item.fiscal_result, cfop: '5202' },
        devolucao: { percentual: '100', valor_ipi_devolvido: '2.10' },
      },
    ],
    pagamento: { tpag: '90', valor: 0 },
  };
}

const post = (product: TestProduct, body: unknown, prefer?: string) =>
  postEmission(server.url, product.apiKey, body, { prefer });
const xmlOf = (product: TestProduct, id: string) => documentXml(server.url, product.apiKey, id);

describe('item values and groups through POST /v1/emissoes', () => {
  it('a sale with charges, batches, a medicine, fuel and a vehicle is authorised; a return of it too', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, saleBody(r), 'wait=10');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');

    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain('<EXTIPI>01</EXTIPI><CFOP>5102</CFOP>');
    expect(xml).toContain(
      '<vUnTrib>10.50</vUnTrib><vDesc>1.50</vDesc><vOutro>0.25</vOutro><indTot>1</indTot>' +
        '<xPed>PED-2026/0001</xPed><nItemPed>000010</nItemPed>' +
        '<rastro><nLote>L-2026/01</nLote><qLote>1.500</qLote><dFab>2026-01-15</dFab><dVal>2099-01-15</dVal><cAgreg>AGR-1</cAgreg></rastro>',
    );
    expect(xml).toContain(
      '<med><cProdANVISA>1234567890123</cProdANVISA><vPMC>15.90</vPMC></med></prod>',
    );
    expect(xml).toContain(
      '<infAdProd>Medicamento conferido &lt;lote&gt; &amp; embalado</infAdProd></det>',
    );
    expect(xml).toContain(
      '<vFrete>2.00</vFrete><vSeg>1.00</vSeg><indTot>1</indTot><comb><cProdANP>320102001</cProdANP>',
    );
    expect(xml).toContain(
      '<encerrante><nBico>1</nBico><nTanque>2</nTanque><vEncIni>1000.000</vEncIni><vEncFin>1002.000</vEncFin></encerrante>' +
        '<pBio>14.00</pBio><origComb><indImport>0</indImport><cUFOrig>35</cUFOrig><pOrig>100.00</pOrig></origComb></comb>',
    );
    expect(xml).toContain('<veicProd><tpOp>1</tpOp><chassi>9BWZZZ377VT004251</chassi>');
    expect(xml).toContain('<vDesc>0.50</vDesc><indTot>0</indTot></prod>');
    expect(xml).toContain(
      '<vProd>63.00</vProd><vFrete>2.00</vFrete><vSeg>1.00</vSeg><vDesc>2.00</vDesc>',
    );
    expect(xml).toContain('<vOutro>0.25</vOutro><vNF>64.25</vNF>');
    expectSchemaValid(xml);

    const returned = await post(product, returnBody(r, res.body.chave_acesso), 'wait=10');
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(returned.body.status, JSON.stringify(returned.body)).toBe('autorizada');
    const returnXml = await xmlOf(product, returned.body.id);
    expect(returnXml).toContain(
      '</imposto><impostoDevol><pDevol>100.00</pDevol><IPI><vIPIDevol>2.10</vIPIDevol></IPI></impostoDevol></det>',
    );
    expect(returnXml).toContain('<vIPIDevol>2.10</vIPIDevol><vPIS>');
    expect(returnXml).toContain('<vNF>23.10</vNF>');
    expectSchemaValid(returnXml);
  });

  it('an import with its declaration is authorised', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, importBody(r), 'wait=10');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');
    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain(
      '<indTot>1</indTot><DI><nDI>2601234567</nDI><dDI>2026-01-10</dDI><xLocDesemb>PORTO DE SANTOS</xLocDesemb>' +
        '<UFDesemb>SP</UFDesemb><dDesemb>2026-01-12</dDesemb><tpViaTransp>1</tpViaTransp><vAFRMM>12.34</vAFRMM>' +
        '<tpIntermedio>2</tpIntermedio><CNPJ>06929383000163</CNPJ><UFTerceiro>RJ</UFTerceiro><cExportador>EXP-1</cExportador>' +
        '<adi><nAdicao>1</nAdicao><nSeqAdic>1</nSeqAdic><cFabricante>FAB-1</cFabricante><vDescDI>1.00</vDescDI><nDraw>20260000011</nDraw></adi></DI></prod>',
    );
    expectSchemaValid(xml);
  });
});

describe('each kind of bad input in the item groups is a 422 naming the field, and changes nothing', () => {
  let branch: RefusalBranch;
  beforeAll(async () => {
    branch = await refusalBranch(server, refs(), ++range * 1000);
  });

  const sale = (mutate: (b: any) => void) => (rr: Refs) => {
    const b = saleBody(rr);
    mutate(b);
    return b;
  };
  const imported = (mutate: (b: any) => void) => (rr: Refs) => {
    const b = importBody(rr);
    mutate(b);
    return b;
  };
  const ITEM = ['itens', 0];
  const DI = ['itens', 0, 'importacao', 0];

  const cases: [string, (rr: Refs) => unknown, (string | number)[], string, string?][] = [
    [
      '483: a discount above the item value',
      sale((b) => (b.itens[0].valor_desconto = '21.01')),
      [...ITEM, 'valor_desconto'],
      'nfe_rule',
      '483',
    ],
    [
      'a discount with 3 decimal places',
      sale((b) => (b.itens[0].valor_desconto = '1.505')),
      [...ITEM, 'valor_desconto'],
      'decimal_max_places',
    ],
    [
      'a negative freight',
      sale((b) => (b.itens[1].valor_frete = '-2')),
      ['itens', 1, 'valor_frete'],
      'greater_than_equal',
    ],
    [
      'incluir_no_total other than 0 or 1',
      sale((b) => (b.itens[3].incluir_no_total = 'N')),
      ['itens', 3, 'incluir_no_total'],
      'literal_error',
    ],
    [
      'infAdProd over 500 characters',
      sale((b) => (b.itens[0].informacoes_adicionais = 'x'.repeat(501))),
      [...ITEM, 'informacoes_adicionais'],
      'string_too_long',
    ],
    [
      'a misspelt item field',
      sale((b) => (b.itens[0].valor_descontos = '1.00')),
      [...ITEM, 'valor_descontos'],
      'extra_forbidden',
    ],
    [
      'a misspelt batch field',
      sale((b) => (b.itens[0].rastreabilidade[0].validade = '2099-01-01')),
      [...ITEM, 'rastreabilidade', 0, 'validade'],
      'extra_forbidden',
    ],
    [
      '870: a batch that expires before it was made',
      sale((b) => (b.itens[0].rastreabilidade[0].data_validade = '2026-01-14')),
      [...ITEM, 'rastreabilidade', 0, 'data_validade'],
      'nfe_rule',
      '870',
    ],
    [
      '877: a batch made after today',
      sale((b) => (b.itens[0].rastreabilidade[0].data_fabricacao = '2099-01-01')),
      [...ITEM, 'rastreabilidade', 0, 'data_fabricacao'],
      'nfe_rule',
      '877',
    ],
    [
      'a batch date that is no date',
      sale((b) => (b.itens[0].rastreabilidade[1].data_validade = '2099-02-30')),
      [...ITEM, 'rastreabilidade', 1, 'data_validade'],
      'date_parsing',
    ],
    [
      '873: a medicine without its batches',
      sale((b) => delete b.itens[0].rastreabilidade),
      [...ITEM, 'rastreabilidade'],
      'nfe_rule',
      '873',
    ],
    [
      'an ANVISA code of 12 digits',
      sale((b) => (b.itens[0].medicamento.codigo_anvisa = '123456789012')),
      [...ITEM, 'medicamento', 'codigo_anvisa'],
      'string_pattern_mismatch',
    ],
    [
      '380: a pump meter that did not move forward',
      sale((b) => (b.itens[1].combustivel.encerrante.valor_final = '999')),
      ['itens', 1, 'combustivel', 'encerrante', 'valor_final'],
      'nfe_rule',
      '380',
    ],
    [
      'a biodiesel share above 100 %',
      sale((b) => (b.itens[1].combustivel.percentual_biodiesel = '100.5')),
      ['itens', 1, 'combustivel', 'percentual_biodiesel'],
      'less_than_equal',
    ],
    [
      'two specific product groups in one item',
      sale((b) => (b.itens[2].combustivel = b.itens[1].combustivel)),
      ['itens', 2, 'combustivel'],
      'product_group_conflict',
    ],
    [
      '478: a vehicle billed directly with no delivery place',
      sale((b) => (b.itens[2].veiculo.tipo_operacao = '2')),
      ['itens', 2, 'veiculo', 'tipo_operacao'],
      'nfe_rule',
      '478',
    ],
    [
      'a chassis of 16 characters',
      sale((b) => (b.itens[2].veiculo.chassi = '9BWZZZ377VT00425')),
      ['itens', 2, 'veiculo', 'chassi'],
      'string_pattern_mismatch',
    ],
    [
      '354: returned taxes outside a return of goods',
      sale((b) => (b.itens[0].devolucao = { percentual: '100' })),
      [...ITEM, 'devolucao'],
      'nfe_rule',
      '354',
    ],
    [
      '525: an import CFOP without its declaration',
      imported((b) => delete b.itens[0].importacao),
      [...ITEM, 'importacao'],
      'nfe_rule',
      '525',
    ],
    [
      '330: an import by sea without the AFRMM',
      imported((b) => delete b.itens[0].importacao[0].valor_afrmm),
      [...DI, 'valor_afrmm'],
      'nfe_rule',
      '330',
    ],
    [
      "332: the buyer's CNPJ with wrong check digits",
      imported((b) => (b.itens[0].importacao[0].cnpj = '06929383000164')),
      [...DI, 'cnpj'],
      'nfe_rule',
      '332',
    ],
    [
      "333: an import on behalf of a buyer without the buyer's state",
      imported((b) => delete b.itens[0].importacao[0].uf_terceiro),
      [...DI, 'uf_terceiro'],
      'nfe_rule',
      '333',
    ],
    [
      '335: a drawback act of 10 digits',
      imported((b) => (b.itens[0].importacao[0].adicoes[0].numero_drawback = '2026000001')),
      [...DI, 'adicoes', 0, 'numero_drawback'],
      'nfe_rule',
      '335',
    ],
    [
      'a declaration without additions',
      imported((b) => (b.itens[0].importacao[0].adicoes = [])),
      [...DI, 'adicoes'],
      'too_short',
    ],
    [
      'an unknown transport mode',
      imported((b) => (b.itens[0].importacao[0].via_transporte = '0')),
      [...DI, 'via_transporte'],
      'literal_error',
    ],
  ];

  it.each(cases)('%s', async (_name, body, path, type, code) => {
    expectRefused(await post(branch.product, body(branch.refs)), path, type, code);
    await branch.expectNothingChanged();
  });
});
