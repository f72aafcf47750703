import {
  modulo11CheckDigit,
  prepareNfe,
  ResponsavelTecnico,
  type NfeRequest,
} from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { csrtFromSecret } from '../src/rules/csrt.js';
import { nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, RECEIVED_AT, rejectionOf } from './helpers/rule-verdict.js';

// The rules of NFref, indIntermed / infIntermed, retirada / entrega, autXML, exporta and
// infRespTec, on documents @emissor/nfe-xml wrote and then edited into what the API refuses.

const CSRT = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';

/** A chave of `parts` (positions 1–43 given as fields) with its check digit. */
function chave(parts: {
  cUF?: string;
  aamm?: string;
  issuer?: string;
  model?: string;
  serie?: string;
  nNF?: string;
  tpEmis?: string;
}): string {
  const body =
    (parts.cUF ?? '35') +
    (parts.aamm ?? '2610') +
    (parts.issuer ?? CNPJ) +
    (parts.model ?? '55') +
    (parts.serie ?? '001') +
    (parts.nNF ?? '000000042') +
    (parts.tpEmis ?? '1') +
    '12345678';
  return body + modulo11CheckDigit(body);
}

/** A sale of this emitter (SP) from October 2026: the note a return or a complement names. */
const SALE = chave({});
/** A CT-e of this emitter. */
const CTE = chave({ model: '57' });

const RECIPIENT = {
  nome: 'CLIENTE',
  indicador_ie: '9',
  cpf: '52998224725',
  address_street: 'Rua das Flores',
  address_number: '10',
  address_district: 'Centro',
  address_city: 'SAO PAULO',
  address_city_ibge_code: '3550308',
  address_state: 'SP',
  address_zip: '01001000',
} as const;

const PLACE = {
  address_street: 'Rua do Deposito',
  address_number: '10',
  address_district: 'Distrito Industrial',
  address_city: 'GUARULHOS',
  address_city_ibge_code: '3518800',
  address_state: 'SP',
  address_zip: '07000000',
};

const built = (overrides: Partial<NfeRequest> = {}) => builtNfe(overrides);

function verdict(xml: string, receivedAt = RECEIVED_AT): string | undefined {
  const rejection = rejectionOf(xml, { receivedAt, csrt: csrtFromSecret('01', CSRT) });
  return rejection && `${rejection.cStat} ${rejection.xMotivo}`;
}

const code = (xml: string) => verdict(xml)?.slice(0, 3);

/** A return (finNFe 4) of the sale, paid with tPag 90 as SEFAZ requires. */
function returnOf(refs: NfeRequest['documentos_referenciados']): string {
  const base = nfeRequest(CNPJ);
  const [item] = base.itens;
  if (!item) throw new Error('item expected');
  return built({
    fin_nfe: '4',
    documentos_referenciados: refs,
    itens: [{ ...item, cfop: '5202', fiscal_result: { ...item.fiscal_result, cfop: '5202' } }],
    pagamento: { tpag: '90', valor: '0' },
  }).xml;
}

const NFREF = (value: string) => `<NFref><refNFe>${value}</refNFe></NFref>`;
/** Replaces the document's NFref with `refs` (XML). */
const withRefs = (xml: string, refs: string) => xml.replace(/<NFref>.*<\/NFref>/, refs);

describe('NFref rules of the local SEFAZ (B25, BA)', () => {
  const RETURN = returnOf([{ chave_acesso: SALE }]);

  it('pass a return naming the sale it gives back', () => {
    expect(RETURN).toContain(NFREF(SALE));
    expect(verdict(RETURN)).toBeUndefined();
  });

  it('321 a return without any reference, unless of goods refused or never received', () => {
    const bare = RETURN.replace(NFREF(SALE), '');
    expect(verdict(bare)).toBe(
      '321 Rejeição: NF-e de devolução de mercadoria não possui documento fiscal referenciado',
    );
    expect(verdict(bare.replaceAll('<CFOP>5202</CFOP>', '<CFOP>5921</CFOP>'))).toBeUndefined();
  });

  it('254, 255, 269, 678: a complementary NF-e completes one note of its issuer and state', () => {
    const complementary = RETURN.replace('<finNFe>4</finNFe>', '<finNFe>2</finNFe>');
    expect(verdict(complementary)).toBeUndefined();
    expect(verdict(complementary.replace(NFREF(SALE), ''))).toBe(
      '254 Rejeição: NF-e complementar não possui NF referenciada',
    );
    const other = chave({ nNF: '000000043' });
    expect(code(withRefs(complementary, NFREF(SALE) + NFREF(other)))).toBe('255');
    expect(verdict(withRefs(complementary, NFREF(chave({ issuer: '11222333000181' }))))).toBe(
      '269 Rejeição: CNPJ/CPF Emitente da NF Complementar difere do CNPJ/CPF da NF Referenciada',
    );
    expect(verdict(withRefs(complementary, NFREF(chave({ cUF: '41' }))))).toBe(
      '678 Rejeição: NF referenciada com UF diferente da NF-e complementar',
    );
  });

  it('864 a sale in person away from the establishment without its note', () => {
    const xml = built().xml.replace('<indPres>1</indPres>', '<indPres>5</indPres>');
    expect(code(xml)).toBe('864');
    expect(code(xml.replace('</ide>', `${NFREF(SALE)}</ide>`))).not.toBe('864');
  });

  it.each([
    [
      '547 a wrong check digit',
      NFREF(`${SALE.slice(0, 43)}${(Number(SALE.charAt(43)) + 1) % 10}`),
      '547 Rejeição: Chave de Acesso referenciada com Dígito Verificador inválido[nOcor:1]',
    ],
    [
      '522 no state',
      NFREF(chave({ cUF: '99' })),
      '522 Rejeição: Chave de Acesso referenciada com UF inválida[nOcor:1]',
    ],
    [
      '524 a year before the NF-e',
      NFREF(chave({ aamm: '0512' })),
      '524 Rejeição: Chave de Acesso referenciada com Ano-Mês inválido[nOcor:1]',
    ],
    ['524 a year to come', NFREF(chave({ aamm: '2701' })), '524'],
    ['524 month 13', NFREF(chave({ aamm: '2613' })), '524'],
    [
      '552 an issuer whose CNPJ does not check',
      NFREF(chave({ issuer: '58716523000118' })),
      '552 Rejeição: Chave de Acesso referenciada com CNPJ/CPF inválido[nOcor:1]',
    ],
    [
      '552 a CPF series without a CPF',
      NFREF(chave({ serie: '920' })),
      '552 Rejeição: Chave de Acesso referenciada com CNPJ/CPF inválido[nOcor:1]',
    ],
    [
      '679 a CT-e as refNFe',
      NFREF(chave({ model: '57' })),
      '679 Rejeição: Chave de Acesso referenciada com Modelo inválido[nOcor:1]',
    ],
    [
      '683 number zero',
      NFREF(chave({ nNF: '000000000' })),
      '683 Rejeição: Chave de Acesso referenciada com Número inválido[nOcor:1]',
    ],
    [
      '680 the same note twice (the second named)',
      NFREF(SALE) + NFREF(SALE),
      '680 Rejeição: Chave de Acesso referenciada em duplicidade na NF-e [nOcor:2]',
    ],
    [
      '953 tpEmis 8 in the chave',
      NFREF(chave({ tpEmis: '8' })),
      '953 Rejeição: Chave de Acesso referenciada com tipo de emissão inválido [nOcor:1]',
    ],
    [
      "954 the return of another state's NFC-e",
      NFREF(chave({ cUF: '41', model: '65' })),
      '954 Rejeição: Chave de Acesso referenciada não permitida para esta operação[nOcor:1]',
    ],
    [
      '681 a model 1 note twice',
      '<NFref><refNF><cUF>35</cUF><AAMM>2510</AAMM><CNPJ>11222333000181</CNPJ><mod>01</mod><serie>1</serie><nNF>42</nNF></refNF></NFref>'.repeat(
        2,
      ),
      '681 Rejeição: Duplicidade de NF Modelo 1 referenciada (CNPJ, Modelo, Série e Número) [nOcor: 2]',
    ],
    [
      '317 a model 1 note of next month',
      '<NFref><refNF><cUF>35</cUF><AAMM>2612</AAMM><CNPJ>11222333000181</CNPJ><mod>01</mod><serie>1</serie><nNF>42</nNF></refNF></NFref>',
      '317 Rejeição: NF modelo 1 referenciada com data de emissão inválida [nOcor:1]',
    ],
    [
      '317 a model 1 note of 21 years ago',
      '<NFref><refNF><cUF>35</cUF><AAMM>0510</AAMM><CNPJ>11222333000181</CNPJ><mod>01</mod><serie>1</serie><nNF>42</nNF></refNF></NFref>',
      '317',
    ],
    [
      "548 a model 1 note's CNPJ",
      '<NFref><refNF><cUF>35</cUF><AAMM>2510</AAMM><CNPJ>11222333000182</CNPJ><mod>01</mod><serie>1</serie><nNF>42</nNF></refNF></NFref>',
      '548 Rejeição: CNPJ da NF referenciada inválido.',
    ],
    [
      '682 a producer note twice',
      '<NFref><refNFP><cUF>35</cUF><AAMM>2510</AAMM><CPF>52998224725</CPF><IE>ISENTO</IE><mod>04</mod><serie>1</serie><nNF>7</nNF></refNFP></NFref>'.repeat(
        2,
      ),
      '682 Rejeição: Duplicidade de NF de Produtor referenciada (IE, Modelo, Série e Número) [nOcor: 2]',
    ],
    [
      '322 a producer note of next year',
      '<NFref><refNFP><cUF>35</cUF><AAMM>2701</AAMM><CPF>52998224725</CPF><IE>ISENTO</IE><mod>04</mod><serie>1</serie><nNF>7</nNF></refNFP></NFref>',
      '322 Rejeição: NF de produtor referenciada com data de emissão inválida [nOcor:1]',
    ],
    [
      "549 a producer's CNPJ",
      '<NFref><refNFP><cUF>35</cUF><AAMM>2510</AAMM><CNPJ>11222333000182</CNPJ><IE>ISENTO</IE><mod>04</mod><serie>1</serie><nNF>7</nNF></refNFP></NFref>',
      '549 Rejeição: CNPJ da NF referenciada de produtor inválido [nOcor: 1]',
    ],
    [
      "550 a producer's CPF",
      '<NFref><refNFP><cUF>35</cUF><AAMM>2510</AAMM><CPF>52998224726</CPF><IE>ISENTO</IE><mod>04</mod><serie>1</serie><nNF>7</nNF></refNFP></NFref>',
      '550 Rejeição: CPF da NF referenciada de produtor inválido.',
    ],
    [
      '547 a CT-e chave that does not check',
      `<NFref><refCTe>${CTE.slice(0, 43)}${(Number(CTE.charAt(43)) + 1) % 10}</refCTe></NFref>`,
      '547',
    ],
    [
      '679 an NF-e as refCTe',
      `<NFref><refCTe>${SALE}</refCTe></NFref>`,
      '679 Rejeição: Chave de Acesso referenciada com Modelo inválido[nOcor:1]',
    ],
    [
      '552 a CT-e of an invalid CNPJ',
      `<NFref><refCTe>${chave({ model: '57', issuer: '11222333000182' })}</refCTe></NFref>`,
      '552 Rejeição: Chave de Acesso referenciada com CNPJ inválido[nOcor:1]',
    ],
    [
      '684 a cupom twice',
      '<NFref><refECF><mod>2D</mod><nECF>7</nECF><nCOO>123456</nCOO></refECF></NFref>'.repeat(2),
      '684 Rejeição: Duplicidade de Cupom Fiscal referenciado (Modelo, Número de Ordem e COO) [nOcor: 2]',
    ],
  ])('%s', (_name, refs, expected) => {
    const xml = withRefs(RETURN, refs);
    expect(xml).toContain(refs);
    const result = verdict(xml);
    expect(expected.length === 3 ? result?.slice(0, 3) : result).toBe(expected);
  });

  it('316 a note naming itself', () => {
    const { xml, chave: own } = built({ documentos_referenciados: [{ chave_acesso: SALE }] });
    expect(verdict(xml)).toBeUndefined();
    expect(verdict(xml.replace(NFREF(SALE), NFREF(own)))).toBe(
      '316 Rejeição: Chave de Acesso referenciada com a mesma Chave de Acesso da Nota Fiscal atual [nOcor:1]',
    );
  });

  it('923 a cupom or a model 1 note in an interstate operation', () => {
    const base = nfeRequest(CNPJ);
    const [item] = base.itens;
    if (!item) throw new Error('item expected');
    const request: Partial<NfeRequest> = {
      uf_destino_tipo: 'interestadual',
      destinatario: {
        ...RECIPIENT,
        address_city: 'CURITIBA',
        address_city_ibge_code: '4106902',
        address_state: 'PR',
        address_zip: '80010000',
      },
      itens: [{ ...item, cfop: '6102', fiscal_result: { ...item.fiscal_result, cfop: '6102' } }],
      documentos_referenciados: [{ chave_acesso: SALE }],
    };
    const { xml } = built(request);
    expect(verdict(xml)).toBeUndefined();
    const cupom = '<NFref><refECF><mod>2D</mod><nECF>7</nECF><nCOO>123456</nCOO></refECF></NFref>';
    expect(verdict(withRefs(xml, cupom))).toBe(
      '923 Rejeição: Referenciado documento de operação interna em operação interestadual ou com o exterior',
    );
  });
});

describe('indIntermed and infIntermed rules of the local SEFAZ (B25c, YB)', () => {
  const ONLINE: Partial<NfeRequest> = {
    ind_pres: '2',
    ind_intermed: '1',
    intermediador: { cnpj: '03562067000108', identificador: 'LOJA-DO-ZE' },
  };

  it('pass a sale on a marketplace and one on its own site', () => {
    expect(verdict(built(ONLINE).xml)).toBeUndefined();
    expect(verdict(built({ ind_pres: '2', ind_intermed: '0' }).xml)).toBeUndefined();
  });

  it('434 a sale on the internet without indIntermed, except communication services', () => {
    const xml = built({ ind_pres: '2', ind_intermed: '0' }).xml.replace(
      '<indIntermed>0</indIntermed>',
      '',
    );
    expect(verdict(xml)).toBe('434 Rejeição: NF-e sem indicativo do intermediador');
    expect(code(xml.replace('<finNFe>1</finNFe>', '<finNFe>2</finNFe>'))).not.toBe('434');
    expect(code(xml.replaceAll('<CFOP>5102</CFOP>', '<CFOP>5301</CFOP>'))).not.toBe('434');
  });

  it('435 a marketplace on an operation that is no sale (indPres 0)', () => {
    const xml = built(ONLINE).xml.replace('<indPres>2</indPres>', '<indPres>0</indPres>');
    expect(verdict(xml)).toBe('435 Rejeição: NF-e não pode ter o indicativo do intermediador');
  });

  it('438 indIntermed 1 without infIntermed, 439 infIntermed with indIntermed 0, 440 its CNPJ', () => {
    const xml = built(ONLINE).xml;
    expect(verdict(xml.replace(/<infIntermed>.*<\/infIntermed>/, ''))).toBe(
      '438 Rejeição: Obrigatória as informações do intermediador da transação para operação por site de terceiros',
    );
    expect(verdict(xml.replace('<indIntermed>1<', '<indIntermed>0<'))).toBe(
      '439 Rejeição: Informações do intermediador da transação para operação por site de terceiros preenchido indevidamente',
    );
    expect(verdict(xml.replace('<CNPJ>03562067000108</CNPJ>', '<CNPJ>03562067000109</CNPJ>'))).toBe(
      '440 Rejeição: CNPJ do intermediador da transação inválido',
    );
  });
});

describe('retirada, entrega and autXML rules of the local SEFAZ (F, G, GA)', () => {
  const GROUPS: Partial<NfeRequest> = {
    destinatario: RECIPIENT,
    retirada: { cnpj: '11222333000181', nome: 'DEPOSITO CENTRAL', ...PLACE },
    entrega: { cpf: '11144477735', nome: 'RECEBEDOR', ...PLACE },
    autorizados_xml: [{ cnpj: '03562067000108' }, { cpf: '11144477735' }],
  };
  const XML = built(GROUPS).xml;

  it('pass the places and the authorised downloads as @emissor/nfe-xml wrote them', () => {
    expect(XML).toContain('<retirada><CNPJ>11222333000181</CNPJ>');
    expect(verdict(XML)).toBeUndefined();
  });

  const retirada = (edit: (group: string) => string) => (xml: string) =>
    xml.replace(/<retirada>.*<\/retirada>/, (group) => edit(group));
  const entrega = (edit: (group: string) => string) => (xml: string) =>
    xml.replace(/<entrega>.*<\/entrega>/, (group) => edit(group));
  const abroad = (group: string) =>
    group
      .replace('<UF>SP</UF>', '<UF>EX</UF>')
      .replace('<cMun>3518800</cMun>', '<cMun>3550308</cMun>');

  it.each([
    [
      '512',
      retirada((g) => g.replace('11222333000181', '11222333000182')),
      'CNPJ do Local de Retirada inválido',
    ],
    [
      '540',
      retirada((g) => g.replace('<CNPJ>11222333000181</CNPJ>', '<CPF>11144477736</CPF>')),
      'CPF do Local de Retirada inválido',
    ],
    [
      '513',
      retirada(abroad),
      'Código Município do Local de Retirada deve ser 9999999 para UF retirada = “EX”.',
    ],
    [
      '277',
      retirada((g) => g.replace('<cMun>3518800</cMun>', '<cMun>4106902</cMun>')),
      'Código Município do Local de Retirada: difere da UF do Local de Retirada',
    ],
    [
      '514',
      entrega((g) => g.replace('<CPF>11144477735</CPF>', '<CNPJ>00000000000000</CNPJ>')),
      'CNPJ do Local de Entrega inválido',
    ],
    [
      '541',
      entrega((g) => g.replace('<CPF>11144477735</CPF>', '<CPF>11111111111</CPF>')),
      'CPF do Local de Entrega inválido',
    ],
    [
      '515',
      entrega(abroad),
      'Código Município do Local de Entrega deve ser 9999999 para UF entrega = “EX”.',
    ],
    [
      '279',
      entrega((g) => g.replace('<cMun>3518800</cMun>', '<cMun>3304557</cMun>')),
      'Código Município do Local de Entrega: difere da UF do Local de Entrega',
    ],
    [
      '323',
      (x: string) => x.replace('<autXML><CNPJ>03562067000108<', '<autXML><CNPJ>03562067000109<'),
      'CNPJ autorizado para download inválido',
    ],
    [
      '325',
      (x: string) => x.replace('<autXML><CPF>11144477735<', '<autXML><CPF>11144477736<'),
      'CPF autorizado para download inválido',
    ],
    [
      '326',
      (x: string) => x.replace('<autXML><CPF>11144477735<', '<autXML><CPF>52998224725<'),
      'CPF do destinatário já autorizado para download',
    ],
  ])('%s', (cStat, edit, text) => {
    const edited = edit(XML);
    expect(edited).not.toBe(XML);
    expect(verdict(edited)).toBe(`${cStat} Rejeição: ${text}`);
  });

  it('a place abroad passes with city 9999999', () => {
    const edited = retirada((g) =>
      g
        .replace('<UF>SP</UF>', '<UF>EX</UF>')
        .replace('<cMun>3518800</cMun>', '<cMun>9999999</cMun>'),
    )(XML);
    expect(verdict(edited)).toBeUndefined();
  });

  it("324 the recipient's CNPJ among the authorised downloads", () => {
    const { cpf: _cpf, ...RECIPIENT_WITHOUT_CPF } = RECIPIENT;
    const xml = built({
      ...GROUPS,
      destinatario: { ...RECIPIENT_WITHOUT_CPF, cnpj: '11222333000181' },
    }).xml;
    expect(verdict(xml)).toBeUndefined();
    expect(
      verdict(xml.replace('<autXML><CNPJ>03562067000108<', '<autXML><CNPJ>11222333000181<')),
    ).toBe('324 Rejeição: CNPJ do destinatário já autorizado para download');
  });
});

describe('exporta rules of the local SEFAZ (ZA)', () => {
  it('355 an export without the place the goods leave, 356 that place on a domestic sale', () => {
    const base = nfeRequest(CNPJ);
    const [item] = base.itens;
    if (!item) throw new Error('item expected');
    const xml = built({
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
    }).xml;
    expect(verdict(xml)).toBeUndefined();
    const exporta = /<exporta>.*<\/exporta>/.exec(xml)?.[0] ?? '';
    expect(verdict(xml.replace(exporta, ''))).toBe(
      '355 Rejeição: Informar o local de saída do Pais no caso da exportação',
    );
    const domestic = built().xml;
    expect(verdict(domestic.replace('</pag>', `</pag>${exporta}`))).toBe(
      '356 Rejeição: Informar o local de saída do Pais somente no caso da exportação',
    );
  });
});

describe('infRespTec rules of the local SEFAZ (ZD, 7ZD)', () => {
  const PARANA = {
    ...nfeRequest(CNPJ).emitente,
    address_city: 'CURITIBA',
    address_state: 'PR',
    address_city_ibge_code: '4106902',
    address_zip: '80010000',
    ie: '9022783470',
  };
  const RESP_TEC = {
    cnpj: '11222333000181',
    contato: 'Suporte Emissor',
    email: 'suporte@emissor.dev',
    fone: '11987654321',
  };

  function issued(
    emitente: NfeRequest['emitente'],
    respTec?: Parameters<typeof ResponsavelTecnico.from>[0],
    issuedAt = new Date(RECEIVED_AT.getTime() - 60_000),
  ): string {
    return prepareNfe(nfeRequest(CNPJ, { emitente }), {
      ...(respTec ? { responsavelTecnico: ResponsavelTecnico.from(respTec) } : {}),
    }).render({ numero: 1, codigoNumerico: '10203040', issuedAt }).xml;
  }
  const emitterIn = (address_state: string, address_city_ibge_code: string) => ({
    ...nfeRequest(CNPJ).emitente,
    address_state,
    address_city_ibge_code,
  });

  it('972 a note of PR without infRespTec; SP, ES, AL and BA do not require it', () => {
    expect(verdict(issued(PARANA))).toBe(
      '972 Rejeição: Obrigatória as informações do responsável técnico',
    );
    expect(verdict(issued(nfeRequest(CNPJ).emitente))).toBeUndefined();
    // Reported elsewhere as requiring it, but not in NT 2018.005 nor MOC 7.0 ZD01-10.
    for (const [uf, city] of [
      ['ES', '3205309'],
      ['AL', '2704302'],
      ['BA', '2927408'],
    ] as const)
      expect(verdict(issued(emitterIn(uf, city)))).toBeUndefined();
    expect(code(issued(emitterIn('SC', '4205407')))).toBe('972');
  });

  it('pass a note of PR with the CSRT this authoriser knows', () => {
    const xml = issued(PARANA, { ...RESP_TEC, csrt_id: '01', csrt: CSRT });
    expect(xml).toContain('<idCSRT>01</idCSRT><hashCSRT>');
    expect(verdict(xml)).toBeUndefined();
  });

  it('973 an invalid CNPJ, 975 PR without the CSRT (from 2026-01-19), 976 an unknown id, 978 a wrong hash', () => {
    const withCsrt = issued(PARANA, { ...RESP_TEC, csrt_id: '01', csrt: CSRT });
    expect(
      verdict(
        withCsrt.replace('<infRespTec><CNPJ>11222333000181<', '<infRespTec><CNPJ>11222333000182<'),
      ),
    ).toBe('973 Rejeição: CNPJ do responsável técnico inválido');
    const withoutCsrt = issued(PARANA, RESP_TEC);
    expect(verdict(withoutCsrt)).toBe(
      '975 Rejeição: Obrigatória a informação do identificador do CSRT e do Hash do CSRT',
    );
    const before = new Date('2026-01-18T12:00:00Z');
    expect(
      verdict(issued(PARANA, RESP_TEC, new Date(before.getTime() - 60_000)), before),
    ).toBeUndefined();
    expect(verdict(withCsrt.replace('<idCSRT>01<', '<idCSRT>02<'))).toBe(
      '976 Rejeição: Identificador do CSRT não cadastrado na SEFAZ',
    );
    const other = issued(PARANA, { ...RESP_TEC, csrt_id: '01', csrt: `${CSRT}X` });
    expect(verdict(other)).toBe('978 Rejeição: Hash do CSRT diverge do calculado');
  });

  it('the hashCSRT is checked in any state once the authoriser knows a CSRT', () => {
    const sp = nfeRequest(CNPJ).emitente;
    expect(verdict(issued(sp, { ...RESP_TEC, csrt_id: '01', csrt: CSRT }))).toBeUndefined();
    expect(verdict(issued(sp, { ...RESP_TEC, csrt_id: '01', csrt: 'OTHER' }))?.slice(0, 3)).toBe(
      '978',
    );
  });
});

describe('item charges in the totals (W07–W16)', () => {
  // Two items of 500.00: the first with every charge, the second outside vProd (indTot 0).
  const [item] = nfeRequest(CNPJ).itens;
  if (!item) throw new Error('item expected');
  const XML = built({
    itens: [
      {
        ...item,
        valor_desconto: '10.00',
        valor_frete: '20.00',
        valor_seguro: '5.00',
        valor_outras_despesas: '2.50',
      },
      { ...item, incluir_no_total: '0' },
    ],
    pagamento: { tpag: '01', valor: '517.50' },
  }).xml;

  it('pass vNF = vProd − vDesc + vFrete + vSeg + vOutro, without the item outside the total', () => {
    expect(XML).toContain('<indTot>0</indTot>');
    expect(XML).toContain('<vProd>500.00</vProd><vFrete>20.00</vFrete><vSeg>5.00</vSeg>');
    expect(XML).toContain('<vNF>517.50</vNF>');
    expect(verdict(XML)).toBeUndefined();
  });

  it.each([
    ['537', '<vDesc>10.00</vDesc><vII>', '<vDesc>9.00</vDesc><vII>', 'Total do Desconto'],
    [
      '535',
      '<vFrete>20.00</vFrete><vSeg>5.00</vSeg><vDesc>',
      '<vFrete>0.00</vFrete><vSeg>5.00</vSeg><vDesc>',
      'Total do Frete',
    ],
    [
      '536',
      '<vSeg>5.00</vSeg><vDesc>10.00</vDesc><vII>',
      '<vSeg>0.00</vSeg><vDesc>10.00</vDesc><vII>',
      'Total do Seguro',
    ],
    ['604', '<vOutro>2.50</vOutro><vNF>', '<vOutro>0.00</vOutro><vNF>', 'Total do vOutro'],
    [
      '564',
      '<vProd>500.00</vProd><vFrete>20.00</vFrete><vSeg>5.00</vSeg><vDesc>',
      '<vProd>1000.00</vProd><vFrete>20.00</vFrete><vSeg>5.00</vSeg><vDesc>',
      'Total do Produto / Serviço',
    ],
  ])('%s a total off the sum of the items', (cStat, from, to, label) => {
    const edited = XML.replace(from, to);
    expect(edited).not.toBe(XML);
    expect(verdict(edited)).toBe(`${cStat} Rejeição: ${label} difere do somatório dos itens`);
  });

  it('610 a vNF that leaves the charges out', () => {
    const edited = XML.replace('<vNF>517.50</vNF>', '<vNF>500.00</vNF>');
    expect(code(edited)).toBe('610');
  });
});
