import { chaveAcesso, type NfeRequest } from '@emissor/nfe-xml';
import { describe, expect, it } from 'vitest';

import { nfeRequest } from './helpers/documents.js';
import { builtNfe, CNPJ, rejectionOf } from './helpers/rule-verdict.js';

// The rules Emissor's API checks before it numbers a request, as the local SEFAZ checks them on a
// document that reaches it anyway: documents @emissor/nfe-xml wrote, edited into what the API
// refuses. The codes are the API's for the same requests (apps/api/test/sefaz-rule-codes.test.ts).

const built = (overrides: Partial<NfeRequest> = {}): string => builtNfe(overrides).xml;

const verdict = (xml: string): string | undefined => rejectionOf(xml)?.cStat;

/** `xml` with `from` replaced by `to`, which must be there. */
function edited(xml: string, from: string | RegExp, to: string): string {
  const result = xml.replace(from, to);
  expect(result, `${String(from)} not found`).not.toBe(xml);
  return result;
}

const base = nfeRequest(CNPJ);
const [baseItem] = base.itens;
if (!baseItem) throw new Error('item expected');
const withCfop = (cfop: string, overrides: Partial<typeof baseItem> = {}) => ({
  ...baseItem,
  cfop,
  fiscal_result: { ...baseItem.fiscal_result, cfop },
  ...overrides,
});

const FOREIGN = {
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
};
const EXPORT: Partial<NfeRequest> = {
  uf_destino_tipo: 'exterior',
  ind_final: '0',
  destinatario: FOREIGN,
  itens: [
    withCfop('7102', {
      fiscal_result: { ...baseItem.fiscal_result, cfop: '7102', consumidor_final: false },
    }),
  ],
  exportacao: { uf_embarque: 'SP', local_embarque: 'Porto de Santos' },
};
/** A foreign tourist buying in person: an operation inside the state. */
const TOURIST: Partial<NfeRequest> = { destinatario: FOREIGN };

describe('the recipient against the destination (E, I08-94)', () => {
  it('pass an export and a sale to a tourist as @emissor/nfe-xml wrote them', () => {
    expect(verdict(built(EXPORT))).toBeUndefined();
    expect(verdict(built(TOURIST))).toBeUndefined();
  });

  it.each([
    [
      '720 an export to a CPF',
      () =>
        edited(
          built(EXPORT),
          '<idEstrangeiro>EIN123456789</idEstrangeiro>',
          '<CPF>12345678909</CPF>',
        ),
      '720',
    ],
    [
      '721 a tourist who is not a final consumer',
      () => edited(built(TOURIST), '<indFinal>1</indFinal>', '<indFinal>0</indFinal>'),
      '721',
    ],
    [
      '925 idEstrangeiro with an IE',
      () =>
        edited(
          built(TOURIST),
          '<indIEDest>9</indIEDest>',
          '<indIEDest>9</indIEDest><IE>123456</IE>',
        ),
      '925',
    ],
    [
      '509 a city code abroad other than 9999999',
      () => edited(built(EXPORT), '<cMun>9999999</cMun>', '<cMun>3550308</cMun>'),
      '509',
    ],
    [
      '727 an export to an address in a state',
      () =>
        edited(
          built(EXPORT),
          '<cMun>9999999</cMun><xMun>NEW YORK</xMun><UF>EX</UF>',
          '<cMun>3550308</cMun><xMun>NEW YORK</xMun><UF>SP</UF>',
        ),
      '727',
    ],
    [
      "510 an export to Brasil's country code",
      () => edited(built(EXPORT), '<cPais>2496</cPais>', '<cPais>1058</cPais>'),
      '510',
    ],
    [
      '511 another country outside an export, without idEstrangeiro',
      () =>
        edited(
          built(TOURIST),
          '<idEstrangeiro>EIN123456789</idEstrangeiro>',
          '<CPF>12345678909</CPF>',
        ),
      '511',
    ],
    [
      '926 an address abroad in Brasil',
      () => edited(built(TOURIST), '<cPais>2496</cPais>', '<cPais>1058</cPais>'),
      '926',
    ],
    [
      '790 an export to an ICMS taxpayer',
      () => edited(built(EXPORT), '<indIEDest>9</indIEDest>', '<indIEDest>2</indIEDest>'),
      '790',
    ],
    [
      '771 idEstrangeiro in an interstate operation',
      () =>
        edited(
          edited(built(TOURIST), '<idDest>1</idDest>', '<idDest>2</idDest>'),
          '<CFOP>5102</CFOP>',
          '<CFOP>6102</CFOP>',
        ),
      '771',
    ],
    [
      "275 the recipient's city in another state",
      () =>
        edited(
          built({
            destinatario: {
              nome: 'CLIENTE',
              indicador_ie: '9',
              cpf: '12345678909',
              address_street: 'Rua A',
              address_number: '1',
              address_district: 'Centro',
              address_city: 'SAO PAULO',
              address_city_ibge_code: '3550308',
              address_state: 'SP',
              address_zip: '01001000',
            },
          }),
          /(<enderDest>.*?)<cMun>3550308<\/cMun>/,
          '$1<cMun>3304557</cMun>',
        ),
      '275',
    ],
  ])('%s', (_name, document, cStat) => {
    expect(verdict(document())).toBe(cStat);
  });
});

describe('dhSaiEnt against the authorisation and dhEmi (B10-20, B10-30, B10-40)', () => {
  it('504 more than 30 days after, 505 more than 30 days before, 506 goods leaving before dhEmi', () => {
    const leaving = built({ data_saida_entrada: '2026-11-26T14:00:00Z' });
    expect(verdict(leaving)).toBeUndefined();
    const exit = /<dhSaiEnt>[^<]+<\/dhSaiEnt>/;
    expect(verdict(edited(leaving, exit, '<dhSaiEnt>2026-12-27T12:00:00-03:00</dhSaiEnt>'))).toBe(
      '504',
    );
    expect(verdict(edited(leaving, exit, '<dhSaiEnt>2026-10-26T08:00:00-03:00</dhSaiEnt>'))).toBe(
      '505',
    );
    expect(verdict(edited(leaving, exit, '<dhSaiEnt>2026-11-26T08:00:00-03:00</dhSaiEnt>'))).toBe(
      '506',
    );
  });
});

describe('the CFOP against tpNF (I08-10, I08-20)', () => {
  it('518 an entry CFOP on an outgoing note, 519 an exit CFOP on an incoming one', () => {
    const xml = built();
    expect(verdict(edited(xml, '<CFOP>5102</CFOP>', '<CFOP>1102</CFOP>'))).toBe('518');
    expect(verdict(edited(xml, '<tpNF>1</tpNF>', '<tpNF>0</tpNF>'))).toBe('519');
  });

  it('525 an import CFOP 3211 needs its DI (only 3201, 3202, 3503 and 3553 do not)', () => {
    const imported = built({
      tp_nf: '0',
      uf_destino_tipo: 'exterior',
      destinatario: FOREIGN,
      itens: [withCfop('3201')],
    });
    expect(verdict(imported)).toBeUndefined();
    expect(verdict(edited(imported, '<CFOP>3201</CFOP>', '<CFOP>3211</CFOP>'))).toBe('525');
  });
});

describe('transp, cobr and card rules the API checks too', () => {
  const carrier = (id: string, extra = '') =>
    `<transp><modFrete>0</modFrete><transporta>${id}<xNome>TRANSP</xNome>${extra}</transporta></transp>`;
  const plain = () => built();

  it.each([
    ["542 the carrier's CNPJ check digits", carrier('<CNPJ>33333333000192</CNPJ>'), '542'],
    ["543 the carrier's CPF check digits", carrier('<CPF>12345678900</CPF>'), '543'],
    [
      "559 the carrier's IE without its UF",
      carrier('<CNPJ>33333333000191</CNPJ>', '<IE>123456</IE>'),
      '559',
    ],
  ])('%s', (_name, transp, cStat) => {
    expect(verdict(edited(plain(), '<transp><modFrete>9</modFrete></transp>', transp))).toBe(cStat);
  });

  it('847 only with modFrete 0 or 4; 849 is not in force', () => {
    const withCarrier = (modFrete: string, cnpj: string) =>
      edited(
        built({
          destinatario: { nome: 'CLIENTE LTDA', indicador_ie: '9', cnpj: '06929383000163' },
        }),
        '<transp><modFrete>9</modFrete></transp>',
        `<transp><modFrete>${modFrete}</modFrete><transporta><CNPJ>${cnpj}</CNPJ></transporta></transp>`,
      );
    expect(verdict(withCarrier('4', '58716523000208'))).toBe('847');
    expect(verdict(withCarrier('1', '58716523000208'))).toBeUndefined();
    expect(verdict(withCarrier('4', '33333333000191'))).toBe('848');
    expect(verdict(withCarrier('1', '06929383000244'))).toBeUndefined();
  });

  it('905 a cobr without its fatura; 797 an instalment due more than 10 years from today', () => {
    const onCredit = built({
      cobranca: {
        fatura: { numero: '1', valor_original: '500', valor_liquido: '500' },
        duplicatas: [
          { numero: '001', vencimento: '2026-12-26', valor: '250' },
          { numero: '002', vencimento: '2027-01-26', valor: '250' },
        ],
      },
      pagamento: { tpag: '15', valor: '500', indpag: '1' },
    });
    expect(verdict(onCredit)).toBeUndefined();
    expect(verdict(edited(onCredit, /<fat>.*?<\/fat>/, ''))).toBe('905');
    expect(verdict(edited(onCredit, '2027-01-26', '2036-11-27'))).toBe('797');
    expect(verdict(edited(onCredit, '2027-01-26', '2036-11-26'))).toBeUndefined();
  });

  it('392 an integrated card without its acquirer, 437 its CNPJ, 443 an unknown brand', () => {
    const card = built({
      pagamento: {
        tpag: '03',
        valor: '500',
        cartao: {
          tipo_integracao: '1',
          cnpj_credenciadora: '01027058000191',
          bandeira: '02',
          autorizacao: 'AUT1',
        },
      },
    });
    expect(verdict(card)).toBeUndefined();
    expect(verdict(edited(card, '<cAut>AUT1</cAut>', ''))).toBe('392');
    expect(
      verdict(
        edited(card, '<CNPJ>01027058000191</CNPJ><tBand>', '<CNPJ>01027058000192</CNPJ><tBand>'),
      ),
    ).toBe('437');
    expect(verdict(edited(card, '<tBand>02</tBand>', '<tBand>28</tBand>'))).toBe('443');
  });
});

describe('ICMS rules the API checks too (N16a-10, N16c-10, N28-10, N28-30, N27b-10)', () => {
  const RULE_ID = '00000000-0000-4000-8000-000000000000';
  const line = (tax_domain: string, fields: Record<string, string>) => ({
    tax_domain,
    base_calc: '0',
    base_calc_percent: '100',
    valor: '0',
    rule_id: RULE_ID,
    ...fields,
  });
  const itemOf = (cst: string, tributos: ReturnType<typeof line>[]) => ({
    ...baseItem,
    fiscal_result: { cfop: '5102', consumidor_final: true, indicador_ie: '9', cst, tributos },
  });
  const normal = built({
    emitente: { ...base.emitente, crt: '3' },
    itens: [
      itemOf('51', [
        line('icms', {
          cst: '51',
          base_calc: '400',
          base_calc_percent: '80',
          aliquota: '18',
          valor: '43.20',
          diferimento_percent: '40',
          valor_diferido: '28.80',
        }),
      ]),
      itemOf('40', [
        line('icms', { cst: '40' }),
        line('icms_desonerado', { valor: '90', motivo: '9' }),
      ]),
      itemOf('60', [
        line('icms', { cst: '60' }),
        line('fcp_st_retido', { base_calc: '500', fcp_percent: '2', valor: '10' }),
      ]),
    ],
    pagamento: { tpag: '01', valor: '1500' },
  });

  it('pass the document as @emissor/nfe-xml wrote it', () => {
    expect(verdict(normal)).toBeUndefined();
  });

  it.each([
    [
      '351 vICMSOp off vBC × pICMS by more than a cent',
      '<vICMSOp>72.00</vICMSOp>',
      '<vICMSOp>72.02</vICMSOp>',
      '351',
    ],
    [
      '352 vICMSDif off vICMSOp × pDif by more than a cent',
      '<vICMSDif>28.80</vICMSDif>',
      '<vICMSDif>28.82</vICMSDif>',
      '352',
    ],
    [
      '625 a ZFM sale without the SUFRAMA registration',
      '<motDesICMS>9</motDesICMS>',
      '<motDesICMS>7</motDesICMS>',
      '625',
    ],
    [
      '627 a desoneração of 0',
      '<vICMSDeson>90.00</vICMSDeson><motDesICMS>',
      '<vICMSDeson>0.00</vICMSDeson><motDesICMS>',
      '627',
    ],
    [
      '881 a retained FCP-ST at 0 %',
      /<pFCPSTRet>[0-9.]+<\/pFCPSTRet>/,
      '<pFCPSTRet>0.0000</pFCPSTRet>',
      '881',
    ],
  ])('%s', (_name, from, to, cStat) => {
    expect(verdict(edited(normal, from, to))).toBe(cStat);
  });

  it('351 allows the cent of rounding either way', () => {
    expect(
      verdict(edited(normal, '<vICMSOp>72.00</vICMSOp>', '<vICMSOp>72.01</vICMSOp>')),
    ).not.toBe('351');
  });
});

describe('an NF-e referenced by its chave with the cNF zeroed (refNFeSig, NT 2022.003 BA02a)', () => {
  const zeroed = chaveAcesso({
    cUF: '35',
    aamm: '2611',
    cnpj: '11222333000181',
    serie: 1,
    numero: 5,
    tpEmis: '1',
    codigoNumerico: '00000000',
  });
  const referencing = () =>
    built({ documentos_referenciados: [{ chave_acesso_sigilosa: zeroed }] });
  /** `chave` with `text` at `start`. */
  const at = (start: number, text: string) =>
    zeroed.slice(0, start) + text + zeroed.slice(start + text.length);

  it('pass the reference as @emissor/nfe-xml wrote it', () => {
    expect(verdict(referencing())).toBeUndefined();
  });

  it.each([
    ['951 on a note that is not normal', '<finNFe>1</finNFe>', '<finNFe>3</finNFe>', '951'],
    ['522 a state that is none', zeroed, at(0, '99'), '522'],
    ['524 a year after the current one', zeroed, at(2, '27'), '524'],
    ['552 an issuer without its check digits', zeroed, at(6, '11111111111111'), '552'],
    ['679 an NFC-e', zeroed, at(20, '65'), '679'],
    ['683 number zero', zeroed, at(25, '000000000'), '683'],
    ['955 a cNF not zeroed', zeroed, at(35, '12345678'), '955'],
    ['953 an emission type that is none', zeroed, at(34, '8'), '953'],
  ])('%s', (_name, from, to, cStat) => {
    expect(verdict(edited(referencing(), from, to))).toBe(cStat);
  });

  it('680 the same NF-e twice, its check digit aside, or also by its full chave', () => {
    const twice = `<NFref><refNFeSig>${zeroed}</refNFeSig></NFref><NFref><refNFeSig>${zeroed.slice(0, 43)}${(Number(zeroed.slice(43)) + 1) % 10}</refNFeSig></NFref>`;
    expect(
      verdict(edited(referencing(), `<NFref><refNFeSig>${zeroed}</refNFeSig></NFref>`, twice)),
    ).toBe('680');
    const full = chaveAcesso({
      cUF: '35',
      aamm: '2611',
      cnpj: '11222333000181',
      serie: 1,
      numero: 5,
      tpEmis: '1',
      codigoNumerico: '12345678',
    });
    const both = `<NFref><refNFe>${full}</refNFe></NFref><NFref><refNFeSig>${zeroed}</refNFeSig></NFref>`;
    expect(
      verdict(edited(referencing(), `<NFref><refNFeSig>${zeroed}</refNFeSig></NFref>`, both)),
    ).toBe('680');
  });
});
