import { createHash } from 'node:crypto';

import { modulo11CheckDigit } from '@emissor/nfe-xml';
import type { Refs } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { documentXml, emissionRequest, postEmission, prepareBranch } from './helpers/emission.js';
import { expectSchemaValid } from './helpers/nfe-schema.js';
import { expectRefused, refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import type { TestProduct } from './helpers/server.js';
import { startSimulatorServer, type SimulatorServer } from './helpers/simulator-server.js';

/* The document-level groups around the items (NFref, dhSaiEnt, tpNF, indIntermed, retirada,
   entrega, autXML, infIntermed, infAdic, exporta, compra, the parties' registrations and
   infRespTec from RESP_TEC_*) through real HTTP: documents with them are authorised by the local
   SEFAZ and carry them in their XML; each kind of bad input is a 422 naming its field, before a
   number is taken (no document, the series counter untouched). */

const CSRT = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulatorServer({
    env: {
      RESP_TEC_CNPJ: '11222333000181',
      RESP_TEC_CONTATO: 'Suporte Emissor',
      RESP_TEC_EMAIL: 'suporte@emissor.dev',
      RESP_TEC_FONE: '11987654321',
      RESP_TEC_CSRT_ID: '01',
      RESP_TEC_CSRT: CSRT,
    },
  });
});
afterAll(() => server.close());

let counter = 0;
const refs = (): Refs => ({ tenant_ref: `cabecalho-${++counter}`, branch_ref: 'filial-1' });
// One emitter CNPJ across this file's branches: each numbers from its own range.
let range = 0;

/** An ISO instant `minutes` from now (UTC, with its fraction: the API writes it in SP's offset). */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const PLACE = {
  address_street: 'Rua do Deposito',
  address_number: '10',
  address_district: 'Distrito Industrial',
  address_city: 'GUARULHOS',
  address_city_ibge_code: '3518800',
  address_state: 'SP',
  address_zip: '07000000',
};

/** emissionRequest (one item of 21.00 to a person in SP) with every group of this slice. */
function fullBody(r: Refs, referenced: string) {
  const base = emissionRequest(r);
  return {
    ...base,
    emitente: {
      ...base.emitente,
      ie_st: '123456789',
      inscricao_municipal: '12345',
      cnae: '4781400',
    },
    destinatario: {
      ...base.destinatario,
      inscricao_suframa: '12345678',
      inscricao_municipal: 'IM-9',
    },
    tp_nf: '1',
    data_saida_entrada: inMinutes(60),
    ind_pres: '2',
    ind_intermed: '1',
    documentos_referenciados: [
      { chave_acesso: referenced },
      {
        nota_modelo_1: { uf: 'RJ', ano_mes: '2510', cnpj: '11222333000181', serie: 1, numero: 42 },
      },
      { cupom_fiscal: { modelo: '2D', numero_ecf: '7', coo: '123456' } },
    ],
    retirada: { cnpj: '11222333000181', nome: 'DEPOSITO CENTRAL', ...PLACE },
    entrega: {
      ...PLACE,
      cpf: '52998224725',
      nome: 'RECEBEDOR',
      address_city: 'CAMPINAS',
      address_city_ibge_code: '3509502',
    },
    autorizados_xml: [{ cnpj: '03562067000108' }, { cpf: '11144477735' }],
    intermediador: { cnpj: '03562067000108', identificador: 'LOJA-DO-ZE' },
    informacoes_adicionais: {
      fisco: 'Regime especial 123/2026',
      contribuinte: 'Pedido 998877 & entrega agendada',
      observacoes_contribuinte: [{ campo: 'Vendedor', texto: 'Maria' }],
      processos: [{ numero: 'PROC-1', origem: '0', tipo_ato: '08' }],
    },
    compra: { pedido: 'PED-998877', contrato: 'CT 15/2026' },
  };
}

/** An export to a buyer in the United States: idDest 3, CFOP 7102, exporta. */
function exportBody(r: Refs) {
  const base = emissionRequest(r);
  const item = base.itens[0] as (typeof base.itens)[number];
  return {
    ...base,
    uf_destino_tipo: 'exterior',
    ind_final: '0',
    destinatario: {
      nome: 'ACME IMPORTS INC',
      indicador_ie: '9',
      id_estrangeiro: 'EIN123456789',
      address_street: '5th Avenue',
      address_number: '350',
      address_district: 'Midtown',
      address_city: 'NEW YORK',
      address_state: 'EX',
      address_country_code: '2496',
      address_country: 'ESTADOS UNIDOS',
    },
    itens: [
      {
        ...item,
        cfop: '7102',
        fiscal_result: { ...item.fiscal_result, cfop: '7102', consumidor_final: false },
      },
    ],
    exportacao: { uf_embarque: 'SP', local_embarque: 'Porto de Santos' },
  };
}

const post = (product: TestProduct, body: unknown, prefer = 'wait=10') =>
  postEmission(server.url, product.apiKey, body, { prefer });
const xmlOf = (product: TestProduct, id: string) => documentXml(server.url, product.apiKey, id);

/** The chave of an authorised plain NF-e of branch `r`, for the full document to reference. */
async function authorisedChave(product: TestProduct, r: Refs): Promise<string> {
  const res = await post(product, emissionRequest(r));
  expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');
  return res.body.chave_acesso as string;
}

describe('the header and trailer groups through POST /v1/emissoes', () => {
  it('a document with every group is authorised by the local SEFAZ and carries them', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const referenced = await authorisedChave(product, r);
    const res = await post(product, fullBody(r, referenced));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');

    const xml = await xmlOf(product, res.body.id);
    const chave = res.body.chave_acesso as string;
    expect(xml).toMatch(
      /<dhSaiEnt>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00<\/dhSaiEnt><tpNF>1<\/tpNF>/,
    );
    expect(xml).toContain('<indPres>2</indPres><indIntermed>1</indIntermed>');
    expect(xml).toContain(`<NFref><refNFe>${referenced}</refNFe></NFref>`);
    expect(xml).toContain(
      '<NFref><refNF><cUF>33</cUF><AAMM>2510</AAMM><CNPJ>11222333000181</CNPJ><mod>01</mod><serie>1</serie><nNF>42</nNF></refNF></NFref>',
    );
    expect(xml).toContain(
      '<NFref><refECF><mod>2D</mod><nECF>7</nECF><nCOO>123456</nCOO></refECF></NFref>',
    );
    expect(xml).toContain('<IEST>123456789</IEST><IM>12345</IM><CNAE>4781400</CNAE>');
    expect(xml).toContain('<ISUF>12345678</ISUF><IM>IM-9</IM>');
    expect(xml).toContain(
      '</dest><retirada><CNPJ>11222333000181</CNPJ><xNome>DEPOSITO CENTRAL</xNome>',
    );
    expect(xml).toContain('<entrega><CPF>52998224725</CPF><xNome>RECEBEDOR</xNome>');
    expect(xml).toContain(
      '<autXML><CNPJ>03562067000108</CNPJ></autXML><autXML><CPF>11144477735</CPF></autXML><det nItem="1">',
    );
    expect(xml).toContain(
      '</pag><infIntermed><CNPJ>03562067000108</CNPJ><idCadIntTran>LOJA-DO-ZE</idCadIntTran></infIntermed>' +
        '<infAdic><infAdFisco>Regime especial 123/2026</infAdFisco><infCpl>Pedido 998877 &amp; entrega agendada</infCpl>' +
        '<obsCont xCampo="Vendedor"><xTexto>Maria</xTexto></obsCont>' +
        '<procRef><nProc>PROC-1</nProc><indProc>0</indProc><tpAto>08</tpAto></procRef></infAdic>' +
        '<compra><xPed>PED-998877</xPed><xCont>CT 15/2026</xCont></compra>',
    );
    const hash = createHash('sha1')
      .update(CSRT + chave)
      .digest('base64');
    expect(xml).toContain(
      '<infRespTec><CNPJ>11222333000181</CNPJ><xContato>Suporte Emissor</xContato><email>suporte@emissor.dev</email>' +
        `<fone>11987654321</fone><idCSRT>01</idCSRT><hashCSRT>${hash}</hashCSRT></infRespTec></infNFe>`,
    );
    expectSchemaValid(xml);
  });

  it('an export (idDest 3, a buyer abroad, exporta) is authorised', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, exportBody(r));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status, JSON.stringify(res.body)).toBe('autorizada');
    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain('<idDest>3</idDest>');
    expect(xml).toContain('<dest><idEstrangeiro>EIN123456789</idEstrangeiro>');
    expect(xml).toContain(
      '<cMun>9999999</cMun><xMun>NEW YORK</xMun><UF>EX</UF><cPais>2496</cPais>',
    );
    expect(xml).toContain(
      '<exporta><UFSaidaPais>SP</UFSaidaPais><xLocExporta>Porto de Santos</xLocExporta></exporta>',
    );
    expectSchemaValid(xml);
  });

  it('without the groups every document still carries infRespTec, and nothing else new', async () => {
    const product = await server.newProduct();
    const r = refs();
    await prepareBranch(server.url, product, r, { nextNumber: ++range * 1000 });
    const res = await post(product, emissionRequest(r));
    expect(res.body.status).toBe('autorizada');
    const xml = await xmlOf(product, res.body.id);
    expect(xml).toContain('<tpNF>1</tpNF><idDest>1</idDest>');
    expect(xml).toContain('</pag><infRespTec><CNPJ>11222333000181</CNPJ>');
    for (const tag of [
      '<NFref>',
      '<retirada>',
      '<autXML>',
      '<infIntermed>',
      '<infAdic>',
      '<dhSaiEnt>',
    ])
      expect(xml).not.toContain(tag);
    expect(server.logs.join('\n')).not.toContain(CSRT);
  });
});

describe('each kind of bad input is a 422 naming the field, and changes nothing', () => {
  let branch: RefusalBranch;
  const CHAVE = '35261111222333000181550010000000051123456783';
  beforeAll(async () => {
    branch = await refusalBranch(server, refs(), ++range * 1000);
  });

  const cases: [string, (b: any) => void, (string | number)[], string, string?][] = [
    [
      '254: fin_nfe 2 without references',
      (b) => ((b.fin_nfe = '2'), (b.documentos_referenciados = null)),
      ['documentos_referenciados'],
      'nfe_rule',
      '254',
    ],
    [
      '547: a referenced chave with a wrong check digit',
      (b) => (b.documentos_referenciados[0].chave_acesso = `${CHAVE.slice(0, 43)}4`),
      ['documentos_referenciados', 0, 'chave_acesso'],
      'nfe_rule',
      '547',
    ],
    [
      '679: a referenced chave of model 57',
      (b) =>
        (b.documentos_referenciados[0].chave_acesso = `3526111122233300018157001000000005112345678${modulo11CheckDigit('3526111122233300018157001000000005112345678')}`),
      ['documentos_referenciados', 0, 'chave_acesso'],
      'nfe_rule',
      '679',
    ],
    [
      '548: a model-1 note with a wrong CNPJ',
      (b) => (b.documentos_referenciados[1].nota_modelo_1.cnpj = '11222333000182'),
      ['documentos_referenciados', 1, 'nota_modelo_1', 'cnpj'],
      'nfe_rule',
      '548',
    ],
    [
      'a reference of two kinds',
      (b) => (b.documentos_referenciados[2].chave_cte = CHAVE),
      ['documentos_referenciados', 2],
      'one_of',
    ],
    [
      '434: a sale on the internet without ind_intermed',
      (b) => ((b.ind_intermed = null), (b.intermediador = null)),
      ['ind_intermed'],
      'nfe_rule',
      '434',
    ],
    [
      '438: ind_intermed 1 without intermediador',
      (b) => (b.intermediador = null),
      ['intermediador'],
      'nfe_rule',
      '438',
    ],
    [
      "440: the intermediary's CNPJ check digits",
      (b) => (b.intermediador.cnpj = '03562067000109'),
      ['intermediador', 'cnpj'],
      'nfe_rule',
      '440',
    ],
    [
      '439: intermediador with ind_intermed 0',
      (b) => (b.ind_intermed = '0'),
      ['intermediador'],
      'nfe_rule',
      '439',
    ],
    [
      '323: an authorised CNPJ with wrong check digits',
      (b) => (b.autorizados_xml[0].cnpj = '03562067000109'),
      ['autorizados_xml', 0, 'cnpj'],
      'nfe_rule',
      '323',
    ],
    [
      "326: the recipient's CPF as authorised",
      (b) => (b.autorizados_xml[1].cpf = '12345678909'),
      ['autorizados_xml', 1, 'cpf'],
      'nfe_rule',
      '326',
    ],
    [
      'more than 10 authorised',
      (b) => (b.autorizados_xml = Array.from({ length: 11 }, () => ({ cpf: '11144477735' }))),
      ['autorizados_xml'],
      'too_long',
    ],
    [
      "512: the pick-up place's CNPJ",
      (b) => (b.retirada.cnpj = '11222333000182'),
      ['retirada', 'cnpj'],
      'nfe_rule',
      '512',
    ],
    [
      "541: the delivery place's CPF",
      (b) => (b.entrega.cpf = '52998224726'),
      ['entrega', 'cpf'],
      'nfe_rule',
      '541',
    ],
    [
      '515: a delivery abroad with a Brazilian city code',
      (b) => ((b.entrega.address_state = 'EX'), (b.entrega.address_country_code = '2496')),
      ['entrega', 'address_city_ibge_code'],
      'nfe_rule',
      '515',
    ],
    [
      '518: an entry CFOP on an NF-e of goods leaving',
      (b) => (b.itens[0].fiscal_result.cfop = '1102'),
      ['itens', 0, 'fiscal_result', 'cfop'],
      'nfe_rule',
      '518',
    ],
    [
      '506: goods leaving before the NF-e is issued',
      (b) => (b.data_saida_entrada = inMinutes(-60)),
      ['data_saida_entrada'],
      'nfe_rule',
      '506',
    ],
    [
      '504: goods leaving more than 30 days after issue',
      (b) => (b.data_saida_entrada = inMinutes(31 * 24 * 60)),
      ['data_saida_entrada'],
      'nfe_rule',
      '504',
    ],
    [
      'a date-time without its offset',
      (b) => (b.data_saida_entrada = '2026-11-21T10:00:00'),
      ['data_saida_entrada'],
      'datetime_parsing',
    ],
    ['an unknown tp_nf', (b) => (b.tp_nf = '2'), ['tp_nf'], 'literal_error'],
    [
      '727: an operation abroad to a recipient in Brazil',
      (b) => (b.uf_destino_tipo = 'exterior'),
      ['destinatario', 'address_state'],
      'nfe_rule',
      '727',
    ],
    [
      '356: exportacao in a domestic operation',
      (b) => (b.exportacao = { uf_embarque: 'SP', local_embarque: 'Santos' }),
      ['exportacao'],
      'nfe_rule',
      '356',
    ],
    [
      'CNAE without the IM',
      (b) => (b.emitente.inscricao_municipal = null),
      ['emitente', 'inscricao_municipal'],
      'missing',
    ],
    [
      'an ISUF of 7 digits',
      (b) => (b.destinatario.inscricao_suframa = '1234567'),
      ['destinatario', 'inscricao_suframa'],
      'string_pattern_mismatch',
    ],
    [
      'infCpl over 5000 characters',
      (b) => (b.informacoes_adicionais.contribuinte = 'x'.repeat(5001)),
      ['informacoes_adicionais', 'contribuinte'],
      'string_too_long',
    ],
    [
      'an unknown process origin',
      (b) => (b.informacoes_adicionais.processos[0].origem = '7'),
      ['informacoes_adicionais', 'processos', 0, 'origem'],
      'literal_error',
    ],
    [
      'a nota de empenho over 22 characters',
      (b) => (b.compra.nota_empenho = 'x'.repeat(23)),
      ['compra', 'nota_empenho'],
      'string_too_long',
    ],
    [
      'a misspelt field of intermediador',
      (b) => (b.intermediador.nome = 'X'),
      ['intermediador', 'nome'],
      'extra_forbidden',
    ],
    [
      'a misspelt field of a reference',
      (b) => (b.documentos_referenciados[0].chave = CHAVE),
      ['documentos_referenciados', 0, 'chave'],
      'extra_forbidden',
    ],
  ];

  it.each(cases)('%s', async (_name, change, loc, type, code) => {
    const body = fullBody(branch.refs, CHAVE) as any;
    change(body);
    expectRefused(await post(branch.product, body), loc, type, code);
    await branch.expectNothingChanged();
  });
});
