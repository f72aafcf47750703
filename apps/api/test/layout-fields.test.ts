import { chaveAcesso } from '@emissor/nfe-xml';
import type { Refs } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { documentXml, emissionRequest, postEmission, prepareBranch } from './helpers/emission.js';
import { expectSchemaValid } from './helpers/nfe-schema.js';
import { expectRefused, refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import { saoPauloDate } from './helpers/sao-paulo-date.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

/* The last fields of the layout through real HTTP: the item's other codes (cBarra, NVE, indEscala,
   CNPJFab, gCred, cBarraTrib, nFCI), its packaging, weapons, immune paper and notes, the payment's
   establishment and receiver, the recipient's phone, a confidential reference, and the reforma
   tributária layout's dPrevEntrega, gPagAntecipado, indBemMovelUsado and DFeReferenciado. The
   local SEFAZ authorises the documents; each kind of bad input is a 422 naming its field before a
   number is taken. */

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer();
});
afterAll(() => server.close());

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `layout-fields-${++counter}`, branch_ref: 'filial-1' });
let range = 0;

/** An NF-e of another company, referenced by its chave with the cNF zeroed. */
const CONFIDENTIAL = chaveAcesso({
  cUF: '35',
  aamm: '2610',
  cnpj: '06929383000163',
  serie: 1,
  numero: 88,
  tpEmis: '1',
  codigoNumerico: '00000000',
});

/** An NF-e of another company's, authorised earlier (its chave in full). */
const SUPPLIER = chaveAcesso({
  cUF: '35',
  aamm: '2610',
  cnpj: '06929383000163',
  serie: 1,
  numero: 77,
  tpEmis: '1',
  codigoNumerico: '12345678',
});

/**
 * A sale of three items (2 × 10.50 each): one with every code, its packaging and notes, one of
 * weapons, one of immune paper; paid by card at another establishment; to a recipient with a
 * phone; referencing an NF-e confidentially.
 */
function saleBody(r: Refs) {
  const base = emissionRequest(r, { items: 3 });
  const [coded, weapons, paper] = base.itens;
  return {
    ...base,
    emitente: { ...base.emitente, address_complement: 'Galpão 2' },
    destinatario: { ...base.destinatario, fone: '11987654321' },
    documentos_referenciados: [{ chave_acesso_sigilosa: CONFIDENTIAL }],
    itens: [
      {
        ...coded!,
        codigo_barras: 'INT-0001',
        codigo_barras_tributavel: 'INT-TRIB-1',
        nve: ['AA0001'],
        cest: '2800100',
        escala_relevante: 'N',
        cnpj_fabricante: '06929383000163',
        creditos_presumidos_icms: [{ codigo: 'SP000207', percentual: 3, valor: '0.63' }],
        numero_fci: 'B01F70AF-10BF-4B1F-848C-65FF57F616FE',
        embalagem: { descricao: 'CAIXA', quantidade: '12.5', unidade: 'L' },
        observacao_contribuinte: { campo: 'Lote', texto: 'Conferido <ok>' },
        observacao_fisco: { campo: 'Processo', texto: '123/2026' },
      },
      {
        ...weapons!,
        armas: [
          {
            tipo: '0',
            numero_serie: 'SER-1',
            numero_cano: 'CANO-1',
            descricao: 'PISTOLA CAL .380',
          },
          {
            tipo: '0',
            numero_serie: 'SER-2',
            numero_cano: 'CANO-2',
            descricao: 'PISTOLA CAL .380',
          },
        ],
      },
      { ...paper!, numero_recopi: '20261121103000000123' },
    ],
    pagamento: {
      tpag: '03',
      valor: '63.00',
      cnpj_transacional: '06929383000163',
      uf_transacional: 'SP',
      cartao: {
        tipo_integracao: '2',
        bandeira: '01',
        cnpj_recebedor: '33333333000191',
        id_terminal: 'POS-0042',
      },
    },
  };
}

/**
 * A sale in the reforma tributária layout: delivered today by the emitter's carrier, settling the
 * advance payment of `chave`, its item a used good that refers to item 1 of `chave`.
 */
function reformaBody(r: Refs, chave: string) {
  const base = emissionRequest(r);
  return {
    ...base,
    transporte: { modalidade_frete: '0' },
    data_previsao_entrega: saoPauloDate(),
    pagamentos_antecipados: [chave],
    itens: [
      {
        ...base.itens[0]!,
        bem_movel_usado: '1',
        documento_referenciado: { chave_acesso: chave, item: '1' },
      },
    ],
  };
}

const post = (product: TestProduct, body: unknown, prefer?: string) =>
  postEmission(server.url, product.apiKey, body, { prefer });
const xmlOf = (product: TestProduct, id: string) => documentXml(server.url, product.apiKey, id);

describe('the last layout fields through POST /v1/emissoes', () => {
  it('a sale with every item code, weapons, immune paper, notes and payment parties is authorised; a sale in the PL_010b fields referring to it too', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, saleBody(r), 'wait=10');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');

    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain(`<NFref><refNFeSig>${CONFIDENTIAL}</refNFeSig></NFref>`);
    expect(xml).toContain('<xCpl>Galpão 2</xCpl>');
    expect(xml).toContain('<fone>11987654321</fone></enderDest>');
    expect(xml).toContain('<cEAN>SEM GTIN</cEAN><cBarra>INT-0001</cBarra>');
    expect(xml).toContain(
      '<NVE>AA0001</NVE><CEST>2800100</CEST><indEscala>N</indEscala><CNPJFab>06929383000163</CNPJFab>' +
        '<gCred><cCredPresumido>SP000207</cCredPresumido><pCredPresumido>3.00</pCredPresumido><vCredPresumido>0.63</vCredPresumido></gCred>',
    );
    expect(xml).toContain('<cBarraTrib>INT-TRIB-1</cBarraTrib>');
    expect(xml).toContain(
      '<nFCI>B01F70AF-10BF-4B1F-848C-65FF57F616FE</nFCI><infProdEmb><xEmb>CAIXA</xEmb><qVolEmb>12.500</qVolEmb><uEmb>L</uEmb></infProdEmb>',
    );
    expect(xml).toContain(
      '<obsItem><obsCont xCampo="Lote"><xTexto>Conferido &lt;ok&gt;</xTexto></obsCont><obsFisco xCampo="Processo"><xTexto>123/2026</xTexto></obsFisco></obsItem>',
    );
    expect(xml).toContain('<arma><tpArma>0</tpArma><nSerie>SER-1</nSerie><nCano>CANO-1</nCano>');
    expect(xml).toContain('<nRECOPI>20261121103000000123</nRECOPI></prod>');
    expect(xml).toContain(
      '<CNPJPag>06929383000163</CNPJPag><UFPag>SP</UFPag><card><tpIntegra>2</tpIntegra><tBand>01</tBand>' +
        '<CNPJReceb>33333333000191</CNPJReceb><idTermPag>POS-0042</idTermPag></card>',
    );
    expectSchemaValid(xml);

    const reforma = await post(product, reformaBody(r, res.body.chave_acesso), 'wait=10');
    expect(reforma.status, JSON.stringify(reforma.body)).toBe(201);
    expect(reforma.body.status, JSON.stringify(reforma.body)).toBe('autorizada');
    const reformaXml = await xmlOf(product, reforma.body.id);
    expect(reformaXml).toContain(`<dPrevEntrega>${saoPauloDate()}</dPrevEntrega><tpNF>1</tpNF>`);
    expect(reformaXml).toContain(
      `<gPagAntecipado><refNFe>${res.body.chave_acesso}</refNFe></gPagAntecipado></ide>`,
    );
    expect(reformaXml).toContain('<indTot>1</indTot><indBemMovelUsado>1</indBemMovelUsado></prod>');
    expect(reformaXml).toContain(
      `<DFeReferenciado><chaveAcesso>${res.body.chave_acesso}</chaveAcesso><nItem>1</nItem></DFeReferenciado></det>`,
    );
    // Its fields are the reforma tributária layout's only.
    expectSchemaValid(reformaXml, ['PL_010b_NT2025_002_v1.30']);
  });
});

describe('each kind of bad input in these fields is a 422 naming the field, and changes nothing', () => {
  let branch: RefusalBranch;
  beforeAll(async () => {
    branch = await refusalBranch(server, refs(), ++range * 1000);
  });

  const sale = (mutate: (b: any) => void) => (rr: Refs) => {
    const b = saleBody(rr);
    mutate(b);
    return b;
  };
  const reforma = (mutate: (b: any) => void) => (rr: Refs) => {
    const b = reformaBody(rr, SUPPLIER);
    mutate(b);
    return b;
  };
  const ITEM = ['itens', 0];

  const cases: [string, (rr: Refs) => unknown, (string | number)[], string, string?][] = [
    [
      '879: an item not made at a relevant scale without its manufacturer',
      sale((b) => delete b.itens[0].cnpj_fabricante),
      [...ITEM, 'cnpj_fabricante'],
      'nfe_rule',
      '879',
    ],
    [
      "489: the manufacturer's CNPJ with wrong check digits",
      sale((b) => (b.itens[0].cnpj_fabricante = '06929383000164')),
      [...ITEM, 'cnpj_fabricante'],
      'nfe_rule',
      '489',
    ],
    [
      'an NVE of the wrong form',
      sale((b) => (b.itens[0].nve = ['A00001'])),
      [...ITEM, 'nve', 0],
      'string_pattern_mismatch',
    ],
    [
      'weapons and immune paper in one item',
      sale((b) => (b.itens[1].numero_recopi = '20261121103000000123')),
      ['itens', 1, 'numero_recopi'],
      'product_group_conflict',
    ],
    [
      'a misspelt packaging field',
      sale((b) => (b.itens[0].embalagem.volume = '1')),
      [...ITEM, 'embalagem', 'volume'],
      'extra_forbidden',
    ],
    [
      "a receiver's CNPJ with wrong check digits",
      sale((b) => (b.pagamento.cartao.cnpj_recebedor = '33333333000192')),
      ['pagamento', 'cartao', 'cnpj_recebedor'],
      'cnpj_check_digits',
    ],
    [
      'CNPJPag without UFPag',
      sale((b) => delete b.pagamento.uf_transacional),
      ['pagamento', 'uf_transacional'],
      'missing',
    ],
    [
      '955: a confidential chave whose cNF is not zeroed',
      sale(
        (b) =>
          (b.documentos_referenciados[0].chave_acesso_sigilosa =
            CONFIDENTIAL.slice(0, 35) + '000000010'),
      ),
      ['documentos_referenciados', 0, 'chave_acesso_sigilosa'],
      'nfe_rule',
      '955',
    ],
    [
      '1157: a delivery date with nothing carried',
      reforma((b) => delete b.transporte),
      ['data_previsao_entrega'],
      'nfe_rule',
      '1157',
    ],
    [
      '1155: a delivery date before today',
      reforma((b) => (b.data_previsao_entrega = '2026-01-01')),
      ['data_previsao_entrega'],
      'nfe_rule',
      '1155',
    ],
    [
      '1010: an item reference together with documentos_referenciados',
      reforma((b) => (b.documentos_referenciados = [{ chave_acesso_sigilosa: CONFIDENTIAL }])),
      [...ITEM, 'documento_referenciado'],
      'nfe_rule',
      '1010',
    ],
    [
      'an item reference beyond item 990',
      reforma((b) => (b.itens[0].documento_referenciado.item = '991')),
      [...ITEM, 'documento_referenciado', 'item'],
      'string_pattern_mismatch',
    ],
  ];

  it.each(cases)('%s', async (_name, body, path, type, code) => {
    expectRefused(await post(branch.product, body(branch.refs)), path, type, code);
    await branch.expectNothingChanged();
  });
});
