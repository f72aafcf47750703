import type { Refs } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { documentXml, emissionRequest, postEmission, prepareBranch } from './helpers/emission.js';
import { expectSchemaValid } from './helpers/nfe-schema.js';
import { expectRefused, refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

/* The less common tax groups through real HTTP: an import entry whose items carry II, the
   approximate tax burden, an ICMS desoneração and ST charged earlier is authorised by the local
   SEFAZ (which checks its totals, vNF included) and carries the groups in its XML; each kind of bad
   tax line is a 422 naming the field before a number is taken (no document, the counter untouched). */

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer();
});
afterAll(() => server.close());

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `tax-groups-${++counter}`, branch_ref: 'filial-1' });
let range = 0;

const RULE_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const line = (tax_domain: string, fields: Record<string, string>) => ({
  tax_domain,
  base_calc: '0',
  base_calc_percent: '100',
  valor: '0',
  rule_id: RULE_ID,
  ...fields,
});

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

const DI = {
  numero: '2601234567',
  data_registro: '2026-01-10',
  local_desembaraco: 'PORTO DE SANTOS',
  uf_desembaraco: 'SP',
  data_desembaraco: '2026-01-12',
  via_transporte: '1',
  valor_afrmm: '12.34',
  forma_intermedio: '1',
  codigo_exportador: 'EXP-1',
  adicoes: [{ numero: '1', sequencial: '1', codigo_fabricante: 'FAB-1' }],
};

/**
 * The entry (tpNF 0, CFOP 3102) of three imported items of 2 × 10.50: one taxed in full with its
 * import tax and approximate tax burden, one exempt with the ICMS waived (desoneração, deducted from
 * vNF), one whose ST was charged earlier. vNF = 63.00 − 3.78 + 2.10 = 61.32.
 */
function importBody(r: Refs) {
  const base = emissionRequest(r, { items: 3 });
  const withLines = (i: number, cst: string, icms: ReturnType<typeof line>[]) => {
    const it = base.itens[i]!;
    const [, pis, cofins] = it.fiscal_result.tributos;
    return {
      ...it,
      cfop: '3102',
      importacao: [DI],
      fiscal_result: {
        ...it.fiscal_result,
        cfop: '3102',
        consumidor_final: false,
        cst,
        tributos: [...icms, pis!, cofins!],
      },
    };
  };
  return {
    ...base,
    tp_nf: '0',
    uf_destino_tipo: 'exterior',
    destinatario: FOREIGN_SELLER,
    itens: [
      withLines(0, '00', [
        line('icms', { cst: '00', base_calc: '21.00', aliquota: '18', valor: '3.78' }),
        line('ii', {
          base_calc: '21.00',
          valor: '2.10',
          valor_despesas_aduaneiras: '1.00',
          valor_iof: '0.21',
        }),
        line('tributos_aproximados', { base_calc: '21.00', aliquota: '31.45', valor: '6.60' }),
      ]),
      withLines(1, '40', [
        line('icms', { cst: '40' }),
        line('icms_desonerado', {
          base_calc: '21.00',
          aliquota: '18',
          valor: '3.78',
          motivo: '9',
        }),
      ]),
      withLines(2, '60', [
        line('icms', { cst: '60' }),
        line('icms_st_retido', {
          base_calc: '21.00',
          aliquota: '20',
          valor_substituto: '3.78',
          valor: '0.42',
        }),
        line('fcp_st_retido', { base_calc: '21.00', fcp_percent: '2', valor: '0.42' }),
        line('icms_efetivo', { base_calc: '21.00', aliquota: '18', valor: '3.78' }),
      ]),
    ],
    pagamento: { tpag: '01', valor: '61.32' },
  };
}

const post = (product: TestProduct, body: unknown, prefer?: string) =>
  postEmission(server.url, product.apiKey, body, { prefer });
const xmlOf = (product: TestProduct, id: string) => documentXml(server.url, product.apiKey, id);

describe('tax groups through POST /v1/emissoes', () => {
  it('an import entry with II, vTotTrib, desoneração and ST charged earlier is authorised', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, importBody(r), 'wait=10');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');

    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain('<nfeProc');
    expect(xml).toContain(
      '<imposto><vTotTrib>6.60</vTotTrib><ICMS><ICMS00><orig>0</orig><CST>00</CST>',
    );
    expect(xml).toContain(
      '</ICMS><II><vBC>21.00</vBC><vDespAdu>1.00</vDespAdu><vII>2.10</vII><vIOF>0.21</vIOF></II><PIS>',
    );
    expect(xml).toContain(
      '<ICMS40><orig>0</orig><CST>40</CST><vICMSDeson>3.78</vICMSDeson><motDesICMS>9</motDesICMS><indDeduzDeson>1</indDeduzDeson></ICMS40>',
    );
    expect(xml).toContain(
      '<ICMS60><orig>0</orig><CST>60</CST><vBCSTRet>21.00</vBCSTRet><pST>20.00</pST><vICMSSubstituto>3.78</vICMSSubstituto>' +
        '<vICMSSTRet>0.42</vICMSSTRet><vBCFCPSTRet>21.00</vBCFCPSTRet><pFCPSTRet>2.00</pFCPSTRet><vFCPSTRet>0.42</vFCPSTRet>' +
        '<pRedBCEfet>0.00</pRedBCEfet><vBCEfet>21.00</vBCEfet><pICMSEfet>18.00</pICMSEfet><vICMSEfet>3.78</vICMSEfet></ICMS60>',
    );
    expect(xml).toContain('<vICMSDeson>3.78</vICMSDeson><vFCPUFDest>');
    expect(xml).toContain('<vFCPSTRet>0.42</vFCPSTRet><vProd>63.00</vProd>');
    expect(xml).toContain('<vII>2.10</vII>');
    expect(xml).toContain('<vNF>61.32</vNF><vTotTrib>6.60</vTotTrib></ICMSTot>');
    expectSchemaValid(xml);
  });
});

describe('each kind of bad tax line is a 422 naming the field, and changes nothing', () => {
  let branch: RefusalBranch;
  beforeAll(async () => {
    branch = await refusalBranch(server, refs(), ++range * 1000);
  });

  const entry = (mutate: (b: any) => void) => (rr: Refs) => {
    const b = importBody(rr);
    mutate(b);
    return b;
  };
  const LINE = (item: number, n: number) => ['itens', item, 'fiscal_result', 'tributos', n];

  const cases: [string, (rr: Refs) => unknown, (string | number)[], string, string?][] = [
    [
      'a desoneração motive CST 40 does not take',
      entry((b) => (b.itens[1].fiscal_result.tributos[1].motivo = '2')),
      [...LINE(1, 1), 'motivo'],
      'literal_error',
    ],
    [
      '627: a desoneração of 0',
      entry((b) => (b.itens[1].fiscal_result.tributos[1].valor = '0')),
      [...LINE(1, 1), 'valor'],
      'nfe_rule',
      '627',
    ],
    [
      'II on an item that is no import',
      entry((b) => {
        b.itens[0].cfop = '5102';
        b.itens[0].fiscal_result.cfop = '5102';
      }),
      LINE(0, 1),
      'tax_line_mismatch',
    ],
    [
      'a misspelt tax line field',
      entry((b) => (b.itens[0].fiscal_result.tributos[1].valor_iofs = '0.21')),
      [...LINE(0, 1), 'valor_iofs'],
      'extra_forbidden',
    ],
    [
      'an unknown tax domain',
      entry((b) => (b.itens[1].fiscal_result.tributos[1].tax_domain = 'icms_desonerada')),
      [...LINE(1, 1), 'tax_domain'],
      'literal_error',
    ],
    [
      '881: FCP-ST retained at 0 %',
      entry((b) => (b.itens[2].fiscal_result.tributos[2].fcp_percent = '0')),
      [...LINE(2, 2), 'fcp_percent'],
      'nfe_rule',
      '881',
    ],
    [
      'ST charged earlier without pST',
      entry((b) => delete b.itens[2].fiscal_result.tributos[1].aliquota),
      [...LINE(2, 1), 'aliquota'],
      'missing',
    ],
    [
      'vTotTrib with 3 decimal places',
      entry((b) => (b.itens[0].fiscal_result.tributos[2].valor = '6.605')),
      [...LINE(0, 2), 'valor'],
      'decimal_max_places',
    ],
    [
      'a desoneração on a CST without it',
      entry((b) => b.itens[0].fiscal_result.tributos.push(b.itens[1].fiscal_result.tributos[1])),
      LINE(0, 5),
      'tax_line_mismatch',
    ],
  ];

  it.each(cases)('%s', async (_name, body, path, type, code) => {
    expectRefused(await post(branch.product, body(branch.refs)), path, type, code);
    await branch.expectNothingChanged();
  });
});
