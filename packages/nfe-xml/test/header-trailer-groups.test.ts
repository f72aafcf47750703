import { createHash } from 'node:crypto';
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import {
  buildNfe,
  chaveAcesso,
  modulo11CheckDigit,
  type NfeIssue,
  type NfeRenderParams,
  type NfeRequest,
  NfeValidationError,
  prepareNfe,
  ResponsavelTecnico,
} from '../src/index.js';
import { item, PARAMS, request } from './fixtures.js';
import {
  BUYER_CNPJ,
  BUYER_CPF,
  COMPANY,
  cnpj,
  exportRequest,
  FOREIGN,
  fullRequest,
  MARKETPLACE_CNPJ,
  nfeChave,
  SUPPLIER_CNPJ,
  wrongDigit,
} from './header-trailer-fixtures.js';
import { expectValidCanonical, HAVE_SHARED, leaves } from './helpers.js';

const RESP_TEC = ResponsavelTecnico.from({
  cnpj: '11222333000181',
  contato: 'Suporte Emissor & Cia',
  email: 'suporte@emissor.dev',
  fone: '11987654321',
  csrt_id: '01',
  csrt: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
});

function build(r: NfeRequest, params: Partial<NfeRenderParams> = {}, respTec = RESP_TEC) {
  return prepareNfe(r, { responsavelTecnico: respTec }).render({ ...PARAMS, ...params });
}

function issuesOf(fn: () => unknown): readonly NfeIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected an NfeValidationError');
}

const issues = (r: NfeRequest, params: Partial<NfeRenderParams> = {}) =>
  issuesOf(() => buildNfe({ ...r, ...PARAMS, ...params }));

/** One issue at `path` of `type` whose message holds `text` (the rejection code, for rules). */
function expectIssue(
  found: readonly NfeIssue[],
  path: (string | number)[],
  type: string,
  text = '',
) {
  const match = found.find(
    (i) =>
      JSON.stringify(i.path) === JSON.stringify(path) &&
      i.type === type &&
      i.message.includes(text),
  );
  expect(match, JSON.stringify(found, null, 1)).toBeDefined();
}

const rule = (found: readonly NfeIssue[], path: (string | number)[], code: number) =>
  expectIssue(found, path, 'nfe_rule', `SEFAZ rejection ${code}`);

/** The issues of a request, none expected at `path`. */
function noIssueAt(found: readonly NfeIssue[], path: (string | number)[]) {
  expect(found.filter((i) => JSON.stringify(i.path) === JSON.stringify(path))).toEqual([]);
}

/** Issues of a request that may otherwise be valid ([] when it builds). */
function issuesOrNone(r: NfeRequest): readonly NfeIssue[] {
  try {
    buildNfe({ ...r, ...PARAMS });
    return [];
  } catch (error) {
    if (error instanceof NfeValidationError) return error.issues;
    throw error;
  }
}

describe.skipIf(!HAVE_SHARED)(
  'the header and trailer groups validate under PL_009 and PL_010b',
  () => {
    it('every group filled to its largest', () => {
      const { xml } = build(fullRequest());
      expectValidCanonical(xml);
      for (const tag of [
        '<NFref>',
        '<retirada>',
        '<entrega>',
        '<autXML>',
        '<infIntermed>',
        '<infAdic>',
        '<compra>',
        '<infRespTec>',
      ])
        expect(xml).toContain(tag);
      expect(xml.match(/<NFref>/g)).toHaveLength(7);
      expect(xml.match(/<autXML>/g)).toHaveLength(10);
      expect(xml.match(/<obsCont /g)).toHaveLength(10);
      expect(xml.match(/<procRef>/g)).toHaveLength(100);
    });

    it('500 references (the most the MOC allows)', () => {
      const refs = Array.from({ length: 500 }, (_, i) => ({ chave_acesso: nfeChave(i + 1) }));
      const { xml } = build(fullRequest({ documentos_referenciados: refs }));
      expect(xml.match(/<refNFe>/g)).toHaveLength(500);
      expectValidCanonical(xml);
    });

    it('each group at its smallest', () => {
      const { xml } = build(
        {
          ...request(),
          destinatario: { nome: 'Fulano', indicador_ie: '9', cpf: BUYER_CPF },
          ind_pres: '9',
          ind_intermed: '1',
          tp_nf: '1',
          documentos_referenciados: [{ cupom_fiscal: { modelo: '2B', numero_ecf: '1', coo: '1' } }],
          retirada: {
            cpf: '52998224725',
            address_street: 'Rua A',
            address_number: '1',
            address_district: 'Centro',
            address_city: 'SAO PAULO',
            address_city_ibge_code: '3550308',
            address_state: 'SP',
            address_zip: '01001000',
          },
          autorizados_xml: [{ cnpj: SUPPLIER_CNPJ }],
          intermediador: { cnpj: MARKETPLACE_CNPJ, identificador: 'AB' },
          informacoes_adicionais: { contribuinte: 'x' },
          compra: { pedido: '1' },
        },
        {},
        ResponsavelTecnico.from({
          cnpj: SUPPLIER_CNPJ,
          contato: 'Zé',
          email: 'a@b.co',
          fone: '123456',
        }),
      );
      expectValidCanonical(xml);
    });

    it('an export: recipient and delivery abroad, exporta, idDest 3', () => {
      const { xml } = build(exportRequest());
      expectValidCanonical(xml);
      const values = leaves(xml);
      expect(values.get('NFe/infNFe/ide/idDest')).toBe('3');
      expect(values.get('NFe/infNFe/dest/idEstrangeiro')).toBe('US-EIN-12-3456789');
      expect(values.get('NFe/infNFe/dest/enderDest/UF')).toBe('EX');
      expect(values.get('NFe/infNFe/dest/enderDest/cMun')).toBe('9999999');
      expect(values.get('NFe/infNFe/dest/enderDest/cPais')).toBe('2496');
      expect(values.get('NFe/infNFe/entrega/xMun')).toBe('EXTERIOR');
      expect(values.get('NFe/infNFe/exporta/xLocExporta')).toBe('Porto de Santos');
    });

    it('a foreign buyer without a document (empty idEstrangeiro), and an entry NF-e', () => {
      const { xml } = build(exportRequest({ destinatario: { ...FOREIGN, id_estrangeiro: '' } }));
      expect(xml).toContain('<idEstrangeiro></idEstrangeiro>');
      expectValidCanonical(xml);
      const entry = build({
        ...request(),
        tp_nf: '0',
        data_saida_entrada: '2026-11-01T08:00:00-03:00',
        itens: [
          item({
            cfop: '1102',
            fiscal_result: {
              cfop: '1102',
              consumidor_final: false,
              indicador_ie: '9',
              csosn: '102',
              tributos: [],
            },
          }),
        ],
      }).xml;
      expect(entry).toContain('<dhSaiEnt>2026-11-01T08:00:00-03:00</dhSaiEnt><tpNF>0</tpNF>');
      expectValidCanonical(entry);
    });
  },
);

describe('what the groups write, exactly', () => {
  it('ide: dhSaiEnt in the emitter offset, tpNF, indIntermed and NFref in the layout order', () => {
    const { xml } = build(fullRequest({ data_saida_entrada: '2026-11-22T02:00:00Z' }));
    expect(xml).toContain(
      '<dhEmi>2026-11-21T19:30:00-03:00</dhEmi><dhSaiEnt>2026-11-21T23:00:00-03:00</dhSaiEnt><tpNF>1</tpNF>',
    );
    expect(xml).toContain(`<indPres>2</indPres><indIntermed>1</indIntermed><procEmi>0</procEmi>`);
    expect(xml).toContain(`</verProc><NFref><refNFe>${nfeChave(5)}</refNFe></NFref>`);
    expect(xml).toContain(
      `<NFref><refNF><cUF>33</cUF><AAMM>2510</AAMM><CNPJ>${SUPPLIER_CNPJ}</CNPJ><mod>02</mod><serie>0</serie><nNF>999999999</nNF></refNF></NFref>`,
    );
    expect(xml).toContain(
      '<NFref><refNFP><cUF>31</cUF><AAMM>2512</AAMM><CPF>52998224725</CPF><IE>ISENTO</IE><mod>01</mod><serie>999</serie><nNF>1</nNF></refNFP></NFref>',
    );
    expect(xml).toContain(
      `<refNFP><cUF>41</cUF><AAMM>2601</AAMM><CNPJ>${SUPPLIER_CNPJ}</CNPJ><IE>1234567890</IE><mod>04</mod>`,
    );
    expect(xml).toContain(
      '<NFref><refECF><mod>2D</mod><nECF>123</nECF><nCOO>654321</nCOO></refECF></NFref></ide>',
    );
  });

  it('emit and dest registrations in their places', () => {
    const { xml } = build(fullRequest());
    expect(xml).toContain(
      '<IE>112006603110</IE><IEST>123456789012</IEST><IM>123456789012345</IM><CNAE>4781400</CNAE><CRT>1</CRT>',
    );
    expect(xml).toContain(
      '<cPais>1058</cPais><xPais>Brasil</xPais></enderDest><indIEDest>1</indIEDest><IE>0018000762</IE><ISUF>123456789</ISUF><IM>IM-1234567</IM><email>',
    );
  });

  it('places, autXML, infIntermed, infAdic and compra between their neighbours', () => {
    const { xml } = build(fullRequest());
    expect(xml).toMatch(
      /<\/dest><retirada><CNPJ>\d{14}<\/CNPJ><xNome>DEPOSITO CENTRAL LTDA<\/xNome>/,
    );
    expect(xml).toContain(
      '<fone>19999998888</fone><email>recebedor@example.com</email><IE>ISENTO</IE></entrega><autXML><CNPJ>',
    );
    expect(xml).toContain('<autXML><CPF>11144477735</CPF></autXML><det nItem="1">');
    expect(xml).toContain(
      `</pag><infIntermed><CNPJ>${MARKETPLACE_CNPJ}</CNPJ><idCadIntTran>LOJA-DO-VENDEDOR-42 &amp; "cia" &lt;x&gt;</idCadIntTran></infIntermed><infAdic><infAdFisco>`,
    );
    expect(xml).toContain(
      '<obsCont xCampo="Campo &quot;0&quot; &amp; &lt;x"><xTexto>Texto 0 &amp; &lt;y&gt;</xTexto></obsCont>',
    );
    expect(xml).toContain(
      '<procRef><nProc>PROC-2026-0001</nProc><indProc>0</indProc><tpAto>08</tpAto></procRef>',
    );
    expect(xml).toContain(
      '</infAdic><compra><xNEmp>2026NE000123456789012</xNEmp><xPed>PED-998877</xPed><xCont>CT 15/2026</xCont></compra><infRespTec>',
    );
  });

  it('infRespTec closes the document, its hashCSRT = base64(SHA-1(CSRT + chave))', () => {
    const { xml, chave } = build(fullRequest());
    const hash = createHash('sha1')
      .update(`G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO${chave}`)
      .digest('base64');
    expect(xml).toMatch(
      new RegExp(
        `<infRespTec><CNPJ>11222333000181</CNPJ><xContato>Suporte Emissor &amp; Cia</xContato><email>suporte@emissor.dev</email><fone>11987654321</fone><idCSRT>01</idCSRT><hashCSRT>${hash.replace(/[+/]/g, '\\$&')}</hashCSRT></infRespTec></infNFe></NFe>$`,
      ),
    );
    expect(Buffer.from(hash, 'base64')).toHaveLength(20);
  });

  it('without a CSRT infRespTec has no idCSRT; without a responsável técnico, none at all', () => {
    const plain = ResponsavelTecnico.from({
      cnpj: SUPPLIER_CNPJ,
      contato: 'Zé',
      email: 'a@b.co',
      fone: '123456',
    });
    expect(build(request(), {}, plain).xml).toContain(`<fone>123456</fone></infRespTec></infNFe>`);
    expect(buildNfe({ ...request(), ...PARAMS }).xml).not.toContain('infRespTec');
  });

  it('absent groups change nothing in the document', () => {
    const before = buildNfe({ ...request(), ...PARAMS }).xml;
    const withNulls = buildNfe({
      ...request(),
      ...PARAMS,
      documentos_referenciados: [],
      autorizados_xml: [],
      retirada: null,
      entrega: null,
      intermediador: null,
      informacoes_adicionais: {},
      exportacao: null,
      compra: {},
      data_saida_entrada: null,
      ind_intermed: null,
    }).xml;
    expect(withNulls).toBe(before);
    expect(before).toContain('<tpNF>1</tpNF><idDest>1</idDest>');
  });
});

describe('ide rules and inputs', () => {
  it('fin_nfe 2 names its note (254), 4 what it returns (321), 3 what it adjusts', () => {
    rule(issues({ ...request(), fin_nfe: '2' }), ['documentos_referenciados'], 254);
    rule(issues({ ...request(), fin_nfe: '4' }), ['documentos_referenciados'], 321);
    expectIssue(
      issues({ ...request(), fin_nfe: '3' }),
      ['documentos_referenciados'],
      'reference_required',
    );
  });
  it('a return of CFOP 1201, 1202, 1410, 1411, 5921 or 6921 needs none', () => {
    for (const cfop of ['1201', '1202', '1410', '1411', '5921', '6921']) {
      const r = {
        ...request(),
        fin_nfe: '4',
        tp_nf: cfop.startsWith('1') ? '0' : '1',
        itens: [
          item({
            cfop,
            fiscal_result: {
              cfop,
              consumidor_final: true,
              indicador_ie: '9',
              csosn: '900',
              tributos: [],
            },
          }),
        ],
      };
      noIssueAt(issuesOrNone(r), ['documentos_referenciados']);
    }
  });
  it('fin_nfe 1 needs none, and may give some', () => {
    noIssueAt(issuesOrNone(request()), ['documentos_referenciados']);
  });

  const ref = (entry: object) => ({ ...request(), documentos_referenciados: [entry] });
  const at = (key: string) => ['documentos_referenciados', 0, key];
  it('a referenced chave, as SEFAZ checks it: 547, 522, 524, 552, 679, 683, 953', () => {
    expectIssue(
      issues(ref({ chave_acesso: '123' })),
      at('chave_acesso'),
      'string_pattern_mismatch',
    );
    rule(issues(ref({ chave_acesso: wrongDigit(nfeChave()) })), at('chave_acesso'), 547);
    /** `chave` with `text` at `start`, its check digit made right again. */
    const broken = (chave: string, start: number, text: string) => {
      const body = (chave.slice(0, start) + text + chave.slice(start + text.length)).slice(0, 43);
      return body + modulo11CheckDigit(body);
    };
    const cases: [number, string, number][] = [
      [0, '99', 522],
      [4, '13', 524],
      [2, '05', 524],
      [6, '11111111111111', 552],
      [25, '000000000', 683],
      [34, '8', 953],
    ];
    for (const [start, text, code] of cases)
      rule(
        issues(ref({ chave_acesso: broken(nfeChave(), start, text) })),
        at('chave_acesso'),
        code,
      );
    rule(issues(ref({ chave_acesso: nfeChave(5, '57') })), at('chave_acesso'), 679);
    // NFC-e and CF-e SAT are notes an NF-e references too; series 910–969 are a CPF's.
    noIssueAt(issuesOrNone(ref({ chave_acesso: nfeChave(5, '65') })), at('chave_acesso'));
    noIssueAt(issuesOrNone(ref({ chave_acesso: nfeChave(5, '59') })), at('chave_acesso'));
    const byCpf = broken(broken(nfeChave(), 6, `000${BUYER_CPF}`), 22, '920');
    noIssueAt(issuesOrNone(ref({ chave_acesso: byCpf })), at('chave_acesso'));
    rule(issues(ref({ chave_acesso: broken(nfeChave(), 22, '920') })), at('chave_acesso'), 552);
  });
  it("a referenced chave's year is not after the year of issue (524, dhEmi's)", () => {
    const nextYear = chaveAcesso({
      cUF: '35',
      aamm: '2701',
      cnpj: SUPPLIER_CNPJ,
      serie: 1,
      numero: 5,
      tpEmis: '1',
      codigoNumerico: '12345678',
    });
    const prepared = prepareNfe(ref({ chave_acesso: nextYear }));
    rule(
      issuesOf(() => prepared.render({ ...PARAMS })),
      at('chave_acesso'),
      524,
    );
    expect(() =>
      prepared.render({ ...PARAMS, issuedAt: new Date('2027-01-01T03:00:00Z') }),
    ).not.toThrow();
  });
  it("a confidential chave's year is not after the year of issue either (524)", () => {
    const nextYear = chaveAcesso({
      cUF: '35',
      aamm: '2701',
      cnpj: SUPPLIER_CNPJ,
      serie: 1,
      numero: 5,
      tpEmis: '1',
      codigoNumerico: '00000000',
    });
    const prepared = prepareNfe(ref({ chave_acesso_sigilosa: nextYear }));
    rule(
      issuesOf(() => prepared.render({ ...PARAMS })),
      at('chave_acesso_sigilosa'),
      524,
    );
    expect(() =>
      prepared.render({ ...PARAMS, issuedAt: new Date('2027-01-01T03:00:00Z') }),
    ).not.toThrow();
  });
  it('a referenced CT-e: check digit (547), issuer CNPJ (552), model 57 (679), number (683)', () => {
    rule(issues(ref({ chave_cte: wrongDigit(nfeChave(5, '57')) })), at('chave_cte'), 547);
    rule(issues(ref({ chave_cte: nfeChave() })), at('chave_cte'), 679);
    const cte = nfeChave(5, '57');
    const body = (cte.slice(0, 25) + '000000000' + cte.slice(34)).slice(0, 43);
    rule(issues(ref({ chave_cte: body + modulo11CheckDigit(body) })), at('chave_cte'), 683);
    const twice = issues({
      ...request(),
      documentos_referenciados: [{ chave_cte: cte }, { chave_cte: cte }],
    });
    rule(twice, ['documentos_referenciados', 1, 'chave_cte'], 680);
  });
  describe('against the document: its purpose, presence and destination (B25, BA)', () => {
    const own = (aamm = '2611', cUF = '35', modelo = '55') =>
      chaveAcesso({
        cUF,
        aamm,
        cnpj: request().emitente.cnpj,
        serie: 1,
        numero: 7,
        tpEmis: '1',
        codigoNumerico: '12345678',
        modelo,
      });
    const complement = (refs: object[]) => ({
      ...request(),
      fin_nfe: '2',
      documentos_referenciados: refs,
    });
    it('a complementary NF-e completes one note (254, 255) of its emitter (269) and state (678)', () => {
      rule(
        issues(complement([{ chave_cte: nfeChave(5, '57') }])),
        ['documentos_referenciados'],
        254,
      );
      rule(
        issues(complement([{ chave_acesso: own() }, { chave_acesso: nfeChave() }])),
        ['documentos_referenciados', 1],
        255,
      );
      rule(issues(complement([{ chave_acesso: nfeChave() }])), at('chave_acesso'), 269);
      rule(issues(complement([{ chave_acesso: own('2611', '33') }])), at('chave_acesso'), 678);
      const paper = { uf: 'SP', ano_mes: '2611', cnpj: SUPPLIER_CNPJ, serie: 1, numero: 1 };
      rule(issues(complement([{ nota_modelo_1: paper }])), [...at('nota_modelo_1'), 'cnpj'], 269);
      noIssueAt(issuesOrNone(complement([{ chave_acesso: own() }])), ['documentos_referenciados']);
    });
    it('a sale in person outside the establishment names its note (864)', () => {
      rule(issues({ ...request(), ind_pres: '5' }), ['documentos_referenciados'], 864);
      noIssueAt(
        issuesOrNone({
          ...request(),
          ind_pres: '5',
          documentos_referenciados: [{ chave_acesso: nfeChave() }],
        }),
        ['documentos_referenciados'],
      );
    });
    it('paper notes and cupons only in an operation inside the state (923)', () => {
      const cupom = { modelo: '2D', numero_ecf: '1', coo: '123' };
      rule(
        issues({
          ...request(),
          uf_destino_tipo: 'interestadual',
          destinatario: { ...COMPANY, address_state: 'RJ', address_city_ibge_code: '3304557' },
          documentos_referenciados: [{ cupom_fiscal: cupom }],
        }),
        [...at('cupom_fiscal')],
        923,
      );
    });
    it("a return of another state's NFC-e (954)", () => {
      const r = {
        ...request(),
        fin_nfe: '4',
        documentos_referenciados: [{ chave_acesso: own('2611', '33', '65') }],
      };
      rule(issues(r), at('chave_acesso'), 954);
    });
    it('a paper note not after the month of issue nor 20 years before it (317, 322)', () => {
      const nf = { uf: 'SP', cnpj: SUPPLIER_CNPJ, serie: 1, numero: 1 };
      const np = { uf: 'SP', ie: '123456', cpf: BUYER_CPF, serie: 1, numero: 1 };
      rule(
        issues(ref({ nota_modelo_1: { ...nf, ano_mes: '2612' } })),
        [...at('nota_modelo_1'), 'ano_mes'],
        317,
      );
      rule(
        issues(ref({ nota_modelo_1: { ...nf, ano_mes: '0610' } })),
        [...at('nota_modelo_1'), 'ano_mes'],
        317,
      );
      rule(
        issues(ref({ produtor_rural: { ...np, ano_mes: '2612' } })),
        [...at('produtor_rural'), 'ano_mes'],
        322,
      );
      noIssueAt(
        issuesOrNone(ref({ nota_modelo_1: { ...nf, ano_mes: '0611' } })),
        at('nota_modelo_1'),
      );
      // The month of issue is dhEmi's: prepared in November, rendered in December, a note of December passes.
      const prepared = prepareNfe(ref({ nota_modelo_1: { ...nf, ano_mes: '2612' } }));
      expect(() =>
        prepared.render({ ...PARAMS, issuedAt: new Date('2026-12-01T12:00:00Z') }),
      ).not.toThrow();
    });
  });
  it('the same chave twice (680)', () => {
    const found = issues({
      ...request(),
      documentos_referenciados: [{ chave_acesso: nfeChave() }, { chave_acesso: nfeChave() }],
    });
    rule(found, ['documentos_referenciados', 1, 'chave_acesso'], 680);
  });
  it('paper notes: CNPJ (548, 549), CPF (550), model, serie, number, AAMM, UF; the same note twice (681)', () => {
    const nf = { uf: 'SP', ano_mes: '2611', cnpj: SUPPLIER_CNPJ, serie: 1, numero: 1 };
    rule(
      issues(ref({ nota_modelo_1: { ...nf, cnpj: wrongDigit(SUPPLIER_CNPJ) } })),
      [...at('nota_modelo_1'), 'cnpj'],
      548,
    );
    expectIssue(
      issues(ref({ nota_modelo_1: { ...nf, modelo: '55' } })),
      [...at('nota_modelo_1'), 'modelo'],
      'literal_error',
    );
    expectIssue(
      issues(ref({ nota_modelo_1: { ...nf, serie: 1000 } })),
      [...at('nota_modelo_1'), 'serie'],
      'less_than_equal',
    );
    expectIssue(
      issues(ref({ nota_modelo_1: { ...nf, numero: 0 } })),
      [...at('nota_modelo_1'), 'numero'],
      'greater_than_equal',
    );
    expectIssue(
      issues(ref({ nota_modelo_1: { ...nf, ano_mes: '2613' } })),
      [...at('nota_modelo_1'), 'ano_mes'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues(ref({ nota_modelo_1: { ...nf, uf: 'EX' } })),
      [...at('nota_modelo_1'), 'uf'],
      'unknown_uf',
    );
    const twice = issues({
      ...request(),
      documentos_referenciados: [{ nota_modelo_1: nf }, { nota_modelo_1: nf }],
    });
    rule(twice, ['documentos_referenciados', 1, 'nota_modelo_1'], 681);
    const np = { uf: 'SP', ano_mes: '2611', ie: '123456', serie: 1, numero: 1 };
    rule(
      issues(ref({ produtor_rural: { ...np, cnpj: wrongDigit(SUPPLIER_CNPJ) } })),
      [...at('produtor_rural'), 'cnpj'],
      549,
    );
    rule(
      issues(ref({ produtor_rural: { ...np, cpf: wrongDigit(BUYER_CPF) } })),
      [...at('produtor_rural'), 'cpf'],
      550,
    );
    expectIssue(issues(ref({ produtor_rural: np })), [...at('produtor_rural'), 'cnpj'], 'missing');
    expectIssue(
      issues(ref({ cupom_fiscal: { modelo: '2A', numero_ecf: '1234', coo: '1' } })),
      [...at('cupom_fiscal'), 'numero_ecf'],
      'string_pattern_mismatch',
    );
  });
  it('a reference with no kind or two kinds; more than 500', () => {
    expectIssue(issues(ref({})), ['documentos_referenciados', 0], 'one_of');
    expectIssue(
      issues(ref({ chave_acesso: nfeChave(), chave_cte: nfeChave(5, '57') })),
      ['documentos_referenciados', 0],
      'one_of',
    );
    const many = Array.from({ length: 501 }, (_, i) => ({ chave_acesso: nfeChave(i + 1) }));
    expectIssue(
      issues({ ...request(), documentos_referenciados: many }),
      ['documentos_referenciados'],
      'too_long',
    );
  });

  it('tp_nf: 0 or 1, and the items CFOPs go its way (518, 519)', () => {
    expectIssue(issues({ ...request(), tp_nf: '2' }), ['tp_nf'], 'literal_error');
    const entryItem = item({
      cfop: '1102',
      fiscal_result: {
        cfop: '1102',
        consumidor_final: true,
        indicador_ie: '9',
        csosn: '102',
        tributos: [],
      },
    });
    rule(
      issues({ ...request(), itens: [item(), entryItem] }),
      ['itens', 1, 'fiscal_result', 'cfop'],
      518,
    );
    rule(issues({ ...request(), tp_nf: '0' }), ['itens', 0, 'fiscal_result', 'cfop'], 519);
  });

  it('data_saida_entrada: a date-time with offset, years 2000–2099', () => {
    for (const bad of [
      '2026-11-21',
      '2026-11-21T20:00:00',
      '2026-02-30T10:00:00-03:00',
      '2026-11-21T24:00:00Z',
      'amanhã',
    ])
      expectIssue(
        issues({ ...request(), data_saida_entrada: bad }),
        ['data_saida_entrada'],
        'datetime_parsing',
      );
    expectIssue(
      issues({ ...request(), data_saida_entrada: '1999-12-31T10:00:00-03:00' }),
      ['data_saida_entrada'],
      'datetime_out_of_range',
    );
  });
  it('dhSaiEnt not before dhEmi on a saída (506), within 30 days of it (504, 505)', () => {
    rule(
      issues({ ...request(), data_saida_entrada: '2026-11-21T19:29:59-03:00' }),
      ['data_saida_entrada'],
      506,
    );
    noIssueAt(issuesOrNone({ ...request(), data_saida_entrada: '2026-11-21T19:30:00-03:00' }), [
      'data_saida_entrada',
    ]);
    rule(
      issues({ ...request(), data_saida_entrada: '2026-12-21T19:30:01-03:00' }),
      ['data_saida_entrada'],
      504,
    );
    const entry = {
      ...request(),
      tp_nf: '0',
      itens: [
        item({
          cfop: '1102',
          fiscal_result: {
            cfop: '1102',
            consumidor_final: true,
            indicador_ie: '9',
            csosn: '102',
            tributos: [],
          },
        }),
      ],
    };
    rule(
      issues({ ...entry, data_saida_entrada: '2026-10-22T19:29:59-03:00' }),
      ['data_saida_entrada'],
      505,
    );
    noIssueAt(issuesOrNone({ ...entry, data_saida_entrada: '2026-10-22T19:30:00-03:00' }), [
      'data_saida_entrada',
    ]);
  });
  it('the instant check happens at render, before any number is spent by a caller that renders first', () => {
    const prepared = prepareNfe({ ...request(), data_saida_entrada: '2026-11-21T20:00:00-03:00' });
    expect(() => prepared.render(PARAMS)).not.toThrow();
    const late = issuesOf(() =>
      prepared.render({ ...PARAMS, issuedAt: new Date('2026-11-21T23:00:01Z') }),
    );
    rule(late, ['data_saida_entrada'], 506);
  });
});

describe('intermediador rules', () => {
  it('ind_pres 2, 3, 4 and 9 need ind_intermed (434); 0, 1 and 5 do not', () => {
    for (const pres of ['2', '3', '4', '9'])
      rule(issues({ ...request(), ind_pres: pres }), ['ind_intermed'], 434);
    for (const pres of ['0', '1', '5'])
      noIssueAt(issuesOrNone({ ...request(), ind_pres: pres }), ['ind_intermed']);
    noIssueAt(issuesOrNone({ ...request(), ind_pres: '2', ind_intermed: '0' }), ['ind_intermed']);
  });
  it('434 is for a normal outgoing sale that is not a communication or energy service', () => {
    noIssueAt(issuesOrNone({ ...request(), ind_pres: '2', fin_nfe: '2' }), ['ind_intermed']);
    const service = item({
      cfop: '5303',
      fiscal_result: { ...item().fiscal_result, cfop: '5303' },
    });
    noIssueAt(issuesOrNone({ ...request(), ind_pres: '2', itens: [service] }), ['ind_intermed']);
    const entry = item({ cfop: '1202', fiscal_result: { ...item().fiscal_result, cfop: '1202' } });
    noIssueAt(issuesOrNone({ ...request(), ind_pres: '2', tp_nf: '0', itens: [entry] }), [
      'ind_intermed',
    ]);
  });
  it('ind_intermed 1 only on a sale: not with ind_pres 0 or 5 (435)', () => {
    const group = { cnpj: MARKETPLACE_CNPJ, identificador: 'ab' };
    for (const pres of ['0', '5'])
      rule(
        issues({ ...request(), ind_pres: pres, ind_intermed: '1', intermediador: group }),
        ['ind_intermed'],
        435,
      );
  });
  it('ind_intermed 1 needs intermediador (438) with a real CNPJ (440) and an identificador', () => {
    rule(issues({ ...request(), ind_intermed: '1' }), ['intermediador'], 438);
    rule(
      issues({
        ...request(),
        ind_intermed: '1',
        intermediador: { cnpj: wrongDigit(MARKETPLACE_CNPJ), identificador: 'ab' },
      }),
      ['intermediador', 'cnpj'],
      440,
    );
    rule(
      issues({
        ...request(),
        ind_intermed: '1',
        intermediador: { cnpj: '00000000000000', identificador: 'ab' },
      }),
      ['intermediador', 'cnpj'],
      440,
    );
    expectIssue(
      issues({
        ...request(),
        ind_intermed: '1',
        intermediador: { cnpj: MARKETPLACE_CNPJ, identificador: 'a' },
      }),
      ['intermediador', 'identificador'],
      'string_too_short',
    );
  });
  it('intermediador only with ind_intermed 1; ind_intermed only 0 or 1', () => {
    const group = { cnpj: MARKETPLACE_CNPJ, identificador: 'ab' };
    rule(issues({ ...request(), ind_intermed: '0', intermediador: group }), ['intermediador'], 439);
    rule(issues({ ...request(), intermediador: group }), ['intermediador'], 439);
    expectIssue(issues({ ...request(), ind_intermed: '2' }), ['ind_intermed'], 'literal_error');
  });
});

describe('autXML, retirada and entrega', () => {
  it('at most 10 authorised; each a real CNPJ (323) or CPF (325), one of them', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      cnpj: cnpj(`2000000000${String(i).padStart(2, '0')}`),
    }));
    expectIssue(issues({ ...request(), autorizados_xml: eleven }), ['autorizados_xml'], 'too_long');
    rule(
      issues({ ...request(), autorizados_xml: [{ cnpj: wrongDigit(SUPPLIER_CNPJ) }] }),
      ['autorizados_xml', 0, 'cnpj'],
      323,
    );
    rule(
      issues({ ...request(), autorizados_xml: [{ cpf: wrongDigit(BUYER_CPF) }] }),
      ['autorizados_xml', 0, 'cpf'],
      325,
    );
    rule(
      issues({ ...request(), autorizados_xml: [{ cpf: '11111111111' }] }),
      ['autorizados_xml', 0, 'cpf'],
      325,
    );
    expectIssue(
      issues({ ...request(), autorizados_xml: [{ cnpj: SUPPLIER_CNPJ, cpf: BUYER_CPF }] }),
      ['autorizados_xml', 0, 'cpf'],
      'cnpj_and_cpf',
    );
    expectIssue(
      issues({ ...request(), autorizados_xml: [{}] }),
      ['autorizados_xml', 0, 'cnpj'],
      'missing',
    );
  });
  it("not the recipient's own CNPJ (324) or CPF (326)", () => {
    rule(
      issues({ ...request(), destinatario: COMPANY, autorizados_xml: [{ cnpj: BUYER_CNPJ }] }),
      ['autorizados_xml', 0, 'cnpj'],
      324,
    );
    const person = { nome: 'Fulano', indicador_ie: '9', cpf: BUYER_CPF };
    rule(
      issues({ ...request(), destinatario: person, autorizados_xml: [{ cpf: BUYER_CPF }] }),
      ['autorizados_xml', 0, 'cpf'],
      326,
    );
  });
  const place = fullRequest().retirada as NonNullable<NfeRequest['retirada']>;
  it('places: a real CNPJ (512, 514) or CPF (540, 541); one of them', () => {
    rule(
      issues({ ...request(), retirada: { ...place, cnpj: wrongDigit(SUPPLIER_CNPJ) } }),
      ['retirada', 'cnpj'],
      512,
    );
    rule(
      issues({ ...request(), entrega: { ...place, cnpj: wrongDigit(SUPPLIER_CNPJ) } }),
      ['entrega', 'cnpj'],
      514,
    );
    rule(
      issues({ ...request(), retirada: { ...place, cnpj: null, cpf: wrongDigit(BUYER_CPF) } }),
      ['retirada', 'cpf'],
      540,
    );
    rule(
      issues({ ...request(), entrega: { ...place, cnpj: null, cpf: wrongDigit(BUYER_CPF) } }),
      ['entrega', 'cpf'],
      541,
    );
    expectIssue(
      issues({ ...request(), entrega: { ...place, cpf: BUYER_CPF } }),
      ['entrega', 'cpf'],
      'cnpj_and_cpf',
    );
    expectIssue(
      issues({ ...request(), entrega: { ...place, cnpj: null } }),
      ['entrega', 'cnpj'],
      'missing',
    );
  });
  it('places: the layout of each field', () => {
    expectIssue(
      issues({ ...request(), retirada: { ...place, address_zip: '123' } }),
      ['retirada', 'address_zip'],
      'string_pattern_mismatch',
    );
    rule(
      issues({ ...request(), retirada: { ...place, address_city_ibge_code: '3304557' } }),
      ['retirada', 'address_city_ibge_code'],
      277,
    );
    rule(
      issues({ ...request(), entrega: { ...place, address_city_ibge_code: '3304557' } }),
      ['entrega', 'address_city_ibge_code'],
      279,
    );
    expectIssue(
      issues({ ...request(), retirada: { ...place, ie: 'X1' } }),
      ['retirada', 'ie'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues({ ...request(), retirada: { ...place, nome: 'A' } }),
      ['retirada', 'nome'],
      'string_too_short',
    );
    expectIssue(
      issues({ ...request(), retirada: { ...place, email: 'e'.repeat(61) } }),
      ['retirada', 'email'],
      'string_too_long',
    );
    expectIssue(
      issues({ ...request(), retirada: { ...place, fone: '12-34' } }),
      ['retirada', 'fone'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues({ ...request(), retirada: { ...place, address_state: 'XX' } }),
      ['retirada', 'address_state'],
      'unknown_uf',
    );
  });
  it('a place abroad: city 9999999 (513, 515), a country other than Brasil', () => {
    const abroad = {
      ...place,
      address_state: 'EX',
      address_city_ibge_code: '3550308',
      address_country_code: '2496',
    };
    rule(issues({ ...request(), retirada: abroad }), ['retirada', 'address_city_ibge_code'], 513);
    rule(issues({ ...request(), entrega: abroad }), ['entrega', 'address_city_ibge_code'], 515);
    expectIssue(
      issues({
        ...request(),
        entrega: { ...abroad, address_city_ibge_code: null, address_country_code: '1058' },
      }),
      ['entrega', 'address_country_code'],
      'country_state_mismatch',
    );
    expectIssue(
      issues({ ...request(), entrega: { ...place, address_country_code: '2496' } }),
      ['entrega', 'address_country_code'],
      'country_state_mismatch',
    );
  });
});

describe('emitente and destinatario registrations, operations abroad', () => {
  const emitente = request().emitente;
  it('IEST, IM and CNAE follow the layout; CNAE needs the IM', () => {
    expectIssue(
      issues({ ...request(), emitente: { ...emitente, ie_st: 'ISENTO' } }),
      ['emitente', 'ie_st'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues({ ...request(), emitente: { ...emitente, inscricao_municipal: '1'.repeat(16) } }),
      ['emitente', 'inscricao_municipal'],
      'string_too_long',
    );
    expectIssue(
      issues({ ...request(), emitente: { ...emitente, inscricao_municipal: '1', cnae: '478140' } }),
      ['emitente', 'cnae'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues({ ...request(), emitente: { ...emitente, cnae: '4781400' } }),
      ['emitente', 'inscricao_municipal'],
      'missing',
    );
  });
  it('dest: ISUF 8–9 digits, IM, idEstrangeiro alone and well formed', () => {
    expectIssue(
      issues({ ...request(), destinatario: { ...COMPANY, inscricao_suframa: '1234567' } }),
      ['destinatario', 'inscricao_suframa'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues({ ...request(), destinatario: { ...COMPANY, inscricao_municipal: '' } }),
      ['destinatario', 'inscricao_municipal'],
      'string_too_short',
    );
    expectIssue(
      issues(exportRequest({ destinatario: { ...FOREIGN, id_estrangeiro: 'A 1' } })),
      ['destinatario', 'id_estrangeiro'],
      'string_pattern_mismatch',
    );
    expectIssue(
      issues(exportRequest({ destinatario: { ...FOREIGN, cpf: BUYER_CPF } })),
      ['destinatario', 'id_estrangeiro'],
      'cnpj_and_cpf',
    );
  });
  it('abroad: the recipient abroad (727), by idEstrangeiro (720), not a taxpayer (790), no IE (792)', () => {
    rule(
      issues(
        exportRequest({
          destinatario: {
            ...FOREIGN,
            address_state: 'SP',
            address_city_ibge_code: '3550308',
            address_zip: '01001000',
            address_country_code: null,
          },
        }),
      ),
      ['destinatario', 'address_state'],
      727,
    );
    rule(
      issues(exportRequest({ destinatario: { ...FOREIGN, id_estrangeiro: null, cpf: BUYER_CPF } })),
      ['destinatario', 'id_estrangeiro'],
      720,
    );
    rule(
      issues(exportRequest({ destinatario: { ...FOREIGN, indicador_ie: '1', ie: '123456' } })),
      ['destinatario', 'indicador_ie'],
      790,
    );
    rule(
      issues(exportRequest({ destinatario: { ...FOREIGN, ie: '123456' } })),
      ['destinatario', 'ie'],
      925,
    );
    rule(
      issues({
        ...request(),
        destinatario: { ...FOREIGN, id_estrangeiro: null, cnpj: BUYER_CNPJ, ie: '123456' },
      }),
      ['destinatario', 'ie'],
      792,
    );
    expectIssue(issues(exportRequest({ destinatario: null })), ['destinatario'], 'missing');
  });
  it('abroad: city 9999999 (509), a country (510); at home, Brasil (511)', () => {
    rule(
      issues(exportRequest({ destinatario: { ...FOREIGN, address_city_ibge_code: '3550308' } })),
      ['destinatario', 'address_city_ibge_code'],
      509,
    );
    rule(
      issues(exportRequest({ destinatario: { ...FOREIGN, address_country_code: null } })),
      ['destinatario', 'address_country_code'],
      510,
    );
    rule(
      issues({ ...request(), destinatario: { ...COMPANY, address_country_code: '2496' } }),
      ['destinatario', 'address_country_code'],
      511,
    );
  });
  it('a foreign recipient at home: a final consumer (721), not interstate (771); its country (511, 926)', () => {
    const tourist = { nome: 'John Doe', indicador_ie: '9', id_estrangeiro: 'P1234567' };
    noIssueAt(issuesOrNone({ ...request(), destinatario: tourist }), [
      'destinatario',
      'id_estrangeiro',
    ]);
    // A tourist buying in person: an address abroad and another country are fine (E14-20).
    noIssueAt(issuesOrNone({ ...request(), destinatario: FOREIGN }), ['destinatario']);
    rule(
      issues({ ...request(), destinatario: tourist, ind_final: '0' }),
      ['destinatario', 'id_estrangeiro'],
      721,
    );
    rule(
      issues({ ...request(), uf_destino_tipo: 'interestadual', destinatario: tourist }),
      ['destinatario', 'id_estrangeiro'],
      771,
    );
    const cnpjAbroad = { ...FOREIGN, id_estrangeiro: null, cnpj: BUYER_CNPJ };
    rule(
      issues({ ...request(), destinatario: cnpjAbroad }),
      ['destinatario', 'address_country_code'],
      511,
    );
    rule(
      issues({ ...request(), destinatario: { ...FOREIGN, address_country_code: '1058' } }),
      ['destinatario', 'address_country_code'],
      926,
    );
  });
  it('exporta with an export only (355, 356)', () => {
    rule(issues(exportRequest({ exportacao: null })), ['exportacao'], 355);
    rule(
      issues({ ...request(), exportacao: { uf_embarque: 'SP', local_embarque: 'Santos' } }),
      ['exportacao'],
      356,
    );
    // Goods coming in from abroad (tp_nf 0) are no export.
    rule(issues(exportRequest({ tp_nf: '0' })), ['exportacao'], 356);
  });
  it('exporta: a state of embarkation, the place 1–60 characters', () => {
    expectIssue(
      issues(exportRequest({ exportacao: { uf_embarque: 'EX', local_embarque: 'Santos' } })),
      ['exportacao', 'uf_embarque'],
      'unknown_uf',
    );
    expectIssue(
      issues(exportRequest({ exportacao: { uf_embarque: 'SP', local_embarque: '' } })),
      ['exportacao', 'local_embarque'],
      'string_too_short',
    );
  });
});

describe('infAdic and compra', () => {
  const info = (value: object) => ({ ...request(), informacoes_adicionais: value });
  it('lengths and list sizes of the layout', () => {
    expectIssue(
      issues(info({ fisco: 'x'.repeat(2001) })),
      ['informacoes_adicionais', 'fisco'],
      'string_too_long',
    );
    expectIssue(
      issues(info({ contribuinte: 'x'.repeat(5001) })),
      ['informacoes_adicionais', 'contribuinte'],
      'string_too_long',
    );
    expectIssue(
      issues(info({ contribuinte: ' leading space' })),
      ['informacoes_adicionais', 'contribuinte'],
      'string_pattern_mismatch',
    );
    const obs = Array.from({ length: 11 }, () => ({ campo: 'a', texto: 'b' }));
    expectIssue(
      issues(info({ observacoes_contribuinte: obs })),
      ['informacoes_adicionais', 'observacoes_contribuinte'],
      'too_long',
    );
    expectIssue(
      issues(info({ observacoes_fisco: obs })),
      ['informacoes_adicionais', 'observacoes_fisco'],
      'too_long',
    );
    expectIssue(
      issues(info({ observacoes_contribuinte: [{ campo: 'c'.repeat(21), texto: 'b' }] })),
      ['informacoes_adicionais', 'observacoes_contribuinte', 0, 'campo'],
      'string_too_long',
    );
    expectIssue(
      issues(info({ observacoes_fisco: [{ campo: 'c', texto: 't'.repeat(61) }] })),
      ['informacoes_adicionais', 'observacoes_fisco', 0, 'texto'],
      'string_too_long',
    );
    expectIssue(
      issues(info({ observacoes_contribuinte: [{ campo: 'a>b', texto: 'b' }] })),
      ['informacoes_adicionais', 'observacoes_contribuinte', 0, 'campo'],
      'string_pattern_mismatch',
    );
    const procs = Array.from({ length: 101 }, () => ({ numero: '1', origem: '0' }));
    expectIssue(
      issues(info({ processos: procs })),
      ['informacoes_adicionais', 'processos'],
      'too_long',
    );
    expectIssue(
      issues(info({ processos: [{ numero: '1', origem: '5' }] })),
      ['informacoes_adicionais', 'processos', 0, 'origem'],
      'literal_error',
    );
    expectIssue(
      issues(info({ processos: [{ numero: '1', origem: '0', tipo_ato: '09' }] })),
      ['informacoes_adicionais', 'processos', 0, 'tipo_ato'],
      'literal_error',
    );
  });
  it('compra: xNEmp up to 22 characters, xPed and xCont up to 60', () => {
    expectIssue(
      issues({ ...request(), compra: { nota_empenho: 'x'.repeat(23) } }),
      ['compra', 'nota_empenho'],
      'string_too_long',
    );
    expectIssue(
      issues({ ...request(), compra: { pedido: 'x'.repeat(61) } }),
      ['compra', 'pedido'],
      'string_too_long',
    );
    expectIssue(
      issues({ ...request(), compra: { contrato: '' } }),
      ['compra', 'contrato'],
      'string_too_short',
    );
  });
});

describe('the responsável técnico', () => {
  const good = { cnpj: '11222333000181', contato: 'Suporte', email: 'a@b.co', fone: '11987654321' };
  it('checks the CNPJ (973), contact, e-mail, phone and the CSRT pair', () => {
    const found = ResponsavelTecnico.check({
      cnpj: wrongDigit(good.cnpj),
      contato: 'Z',
      email: 'not-an-email',
      fone: '12-34',
      csrt_id: '1',
      csrt: 'SEGREDO-MUITO-SECRETO',
    });
    expectIssue(found, ['cnpj'], 'nfe_rule', '973');
    expectIssue(found, ['contato'], 'string_too_short');
    expectIssue(found, ['email'], 'value_error');
    expectIssue(found, ['fone'], 'string_pattern_mismatch');
    expectIssue(found, ['csrt_id'], 'string_pattern_mismatch');
    expect(JSON.stringify(found)).not.toContain('SEGREDO');
    expectIssue(ResponsavelTecnico.check({ ...good, csrt: 'x' }), ['csrt_id'], 'missing');
    expectIssue(ResponsavelTecnico.check({ ...good, csrt_id: '01' }), ['csrt'], 'missing');
    expect(ResponsavelTecnico.check(good)).toEqual([]);
    expect(() => ResponsavelTecnico.from({ ...good, fone: 'x' })).toThrow(NfeValidationError);
  });
  it('never shows the CSRT: not in JSON, not in util.inspect, not enumerable', () => {
    const respTec = ResponsavelTecnico.from({
      ...good,
      csrt_id: '07',
      csrt: 'SEGREDO-MUITO-SECRETO',
    });
    expect(JSON.stringify(respTec)).not.toContain('SEGREDO');
    expect(JSON.stringify(respTec)).toContain('"csrt_id":"07"');
    expect(inspect(respTec, { showHidden: true, depth: 5 })).not.toContain('SEGREDO');
    expect(JSON.stringify(Object.entries(respTec))).not.toContain('SEGREDO');
    expect(respTec.render(nfeChave())).not.toContain('SEGREDO');
  });
});
