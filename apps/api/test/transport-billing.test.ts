import type { Refs } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { documentXml, emissionRequest, postEmission, prepareBranch } from './helpers/emission.js';
import { expectSchemaValid } from './helpers/nfe-schema.js';
import { expectRefused, refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import { saoPauloDate } from './helpers/sao-paulo-date.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

/* transporte, cobranca and the payment groups through real HTTP: a document with all of them is
   authorised by the local SEFAZ and carries them in its XML; each kind of bad input is a 422 naming
   its field, before a number is taken (no document, the series counter untouched). */

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer();
});
afterAll(() => server.close());

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `transp-cobr-${++counter}`, branch_ref: 'filial-1' });
// One emitter CNPJ across the tests of this file's server: each branch numbers from its own range.
let range = 0;

/** emissionRequest (one item of 21.00, SP → SP) with every group of this slice. */
function fullBody(r: Refs) {
  return {
    ...emissionRequest(r),
    pagamento: {
      tpag: '03',
      valor: '10.00',
      indpag: '0',
      data_pagamento: saoPauloDate(0),
      cartao: {
        tipo_integracao: '1',
        cnpj_credenciadora: '01027058000191',
        bandeira: '02',
        autorizacao: 'AUT123456',
      },
    },
    outros_pagamentos: [{ tpag: '01', valor: 11.5 }],
    transporte: {
      modalidade_frete: '0',
      transportadora: {
        cnpj: '33333333000191',
        nome: 'TRANSPORTADORA RAPIDA LTDA',
        ie: '112006603110',
        endereco: 'Rodovia Anhanguera, km 20',
        municipio: 'Sao Paulo',
        uf: 'SP',
      },
      veiculo: { placa: 'ABC1D23', uf: 'SP', rntc: '12345678' },
      reboques: [{ placa: 'BCD2E34', uf: 'SP' }],
      volumes: [
        {
          quantidade: 2,
          especie: 'CAIXA',
          marca: 'ACME',
          numeracao: '1-2',
          peso_liquido_kg: 3.5,
          peso_bruto_kg: '4.125',
          lacres: ['L-1', 'L-2'],
        },
      ],
    },
    cobranca: {
      fatura: {
        numero: 'FAT-1',
        valor_original: '22.00',
        valor_desconto: '1.00',
        valor_liquido: '21.00',
      },
      duplicatas: [
        { numero: '001', vencimento: saoPauloDate(30), valor: '10.50' },
        { numero: '002', vencimento: saoPauloDate(60), valor: 10.5 },
      ],
    },
  };
}

const post = (product: TestProduct, body: unknown, prefer?: string) =>
  postEmission(server.url, product.apiKey, body, { prefer });
const xmlOf = (product: TestProduct, id: string) => documentXml(server.url, product.apiKey, id);

describe('transporte, cobranca and payments through POST /v1/emissoes', () => {
  it('a document with every group is authorised by the local SEFAZ and carries them', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, fullBody(r), 'wait=10');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');

    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain(
      '<transp><modFrete>0</modFrete><transporta><CNPJ>33333333000191</CNPJ><xNome>TRANSPORTADORA RAPIDA LTDA</xNome>',
    );
    expect(xml).toContain(
      '<veicTransp><placa>ABC1D23</placa><UF>SP</UF><RNTC>12345678</RNTC></veicTransp>',
    );
    expect(xml).toContain('<reboque><placa>BCD2E34</placa><UF>SP</UF></reboque>');
    expect(xml).toContain(
      '<vol><qVol>2</qVol><esp>CAIXA</esp><marca>ACME</marca><nVol>1-2</nVol><pesoL>3.500</pesoL><pesoB>4.125</pesoB>' +
        '<lacres><nLacre>L-1</nLacre></lacres><lacres><nLacre>L-2</nLacre></lacres></vol></transp>',
    );
    expect(xml).toContain(
      '<cobr><fat><nFat>FAT-1</nFat><vOrig>22.00</vOrig><vDesc>1.00</vDesc><vLiq>21.00</vLiq></fat>' +
        `<dup><nDup>001</nDup><dVenc>${saoPauloDate(30)}</dVenc><vDup>10.50</vDup></dup>` +
        `<dup><nDup>002</nDup><dVenc>${saoPauloDate(60)}</dVenc><vDup>10.50</vDup></dup></cobr>`,
    );
    expect(xml).toContain(
      `<pag><detPag><indPag>0</indPag><tPag>03</tPag><vPag>10.00</vPag><dPag>${saoPauloDate(0)}</dPag>` +
        '<card><tpIntegra>1</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>02</tBand><cAut>AUT123456</cAut></card></detPag>' +
        '<detPag><indPag>0</indPag><tPag>01</tPag><vPag>11.50</vPag></detPag><vTroco>0.50</vTroco></pag>',
    );
    expectSchemaValid(xml);
  });

  it('without the groups the document is as before: modFrete 9, no cobr, one detPag', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, emissionRequest(r), 'wait=10');
    expect(res.body.status).toBe('autorizada');
    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain(
      '<transp><modFrete>9</modFrete></transp><pag><detPag><indPag>0</indPag><tPag>01</tPag><vPag>21.00</vPag></detPag></pag>',
    );
  });
});

describe('each kind of bad input is a 422 naming the field, and changes nothing', () => {
  let branch: RefusalBranch;
  beforeAll(async () => {
    branch = await refusalBranch(server, refs(), ++range * 1000);
  });

  const cases: [string, (b: any) => void, (string | number)[], string, string?][] = [
    [
      '845: a carrier with modalidade_frete 9',
      (b) => (b.transporte.modalidade_frete = '9'),
      ['transporte', 'transportadora'],
      'nfe_rule',
      '845',
    ],
    [
      "847: the emitter's CNPJ root as carrier with modalidade_frete 0",
      (b) => (b.transporte.transportadora.cnpj = '12345678000276'),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '847',
    ],
    [
      '868: a vehicle in an interstate operation',
      (b) => (b.uf_destino_tipo = 'interestadual'),
      ['transporte', 'veiculo'],
      'nfe_rule',
      '868',
    ],
    [
      "542: the carrier's CNPJ check digits",
      (b) => (b.transporte.transportadora.cnpj = '33333333000192'),
      ['transporte', 'transportadora', 'cnpj'],
      'nfe_rule',
      '542',
    ],
    [
      'a plate that is not a plate',
      (b) => (b.transporte.veiculo.placa = 'ABC-1D23'),
      ['transporte', 'veiculo', 'placa'],
      'string_pattern_mismatch',
    ],
    [
      'an unknown freight mode',
      (b) => (b.transporte.modalidade_frete = '7'),
      ['transporte', 'modalidade_frete'],
      'literal_error',
    ],
    [
      'a weight with 4 decimal places',
      (b) => (b.transporte.volumes[0].peso_bruto_kg = '4.1255'),
      ['transporte', 'volumes', 0, 'peso_bruto_kg'],
      'decimal_max_places',
    ],
    [
      'a misspelt carrier field',
      (b) => (b.transporte.transportadora.razao_social = 'X'),
      ['transporte', 'transportadora', 'razao_social'],
      'extra_forbidden',
    ],
    [
      '851: duplicatas not adding up to valor_liquido',
      (b) => (b.cobranca.duplicatas[1].valor = '10.49'),
      ['cobranca', 'duplicatas'],
      'nfe_rule',
      '851',
    ],
    [
      '902: valor_liquido ≠ valor_original − valor_desconto',
      (b) => (b.cobranca.fatura.valor_desconto = '0.50'),
      ['cobranca', 'fatura', 'valor_liquido'],
      'nfe_rule',
      '902',
    ],
    [
      '852: duplicatas numbered 1, 2',
      (b) => (b.cobranca.duplicatas[0].numero = '1'),
      ['cobranca', 'duplicatas', 0, 'numero'],
      'nfe_rule',
      '852',
    ],
    [
      '900: a due date before the issue date',
      (b) => (b.cobranca.duplicatas[0].vencimento = saoPauloDate(-2)),
      ['cobranca', 'duplicatas', 0, 'vencimento'],
      'nfe_rule',
      '900',
    ],
    [
      '850: due dates out of order',
      (b) => (b.cobranca.duplicatas[1].vencimento = saoPauloDate(10)),
      ['cobranca', 'duplicatas', 1, 'vencimento'],
      'nfe_rule',
      '850',
    ],
    [
      'a due date that is not a date',
      (b) => (b.cobranca.duplicatas[0].vencimento = '2026-02-30'),
      ['cobranca', 'duplicatas', 0, 'vencimento'],
      'date_parsing',
    ],
    [
      '871: a return not paid with tpag 90',
      (b) => (b.fin_nfe = '4'),
      ['pagamento', 'tpag'],
      'nfe_rule',
      '871',
    ],
    [
      'payments below vNF',
      (b) => (b.outros_pagamentos[0].valor = '10.99'),
      ['pagamento', 'valor'],
      'payment_below_total',
    ],
    [
      'valor 0 with tpag 01',
      (b) => (b.outros_pagamentos[0].valor = 0),
      ['outros_pagamentos', 0, 'valor'],
      'greater_than',
    ],
    [
      'tpag 99 without descricao',
      (b) => (b.outros_pagamentos[0].tpag = '99'),
      ['outros_pagamentos', 0, 'descricao'],
      'missing',
    ],
    [
      '392: an integrated card payment without its authorisation',
      (b) => delete b.pagamento.cartao.autorizacao,
      ['pagamento', 'cartao', 'autorizacao'],
      'nfe_rule',
      '392',
    ],
    [
      '443: a card brand outside the table',
      (b) => (b.pagamento.cartao.bandeira = '55'),
      ['pagamento', 'cartao', 'bandeira'],
      'nfe_rule',
      '443',
    ],
  ];

  it.each(cases)('%s', async (_name, mutate, path, type, code) => {
    const body = fullBody(branch.refs);
    mutate(body);
    expectRefused(await post(branch.product, body), path, type, code);
    await branch.expectNothingChanged();
  });
});
