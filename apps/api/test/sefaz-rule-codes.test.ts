import { chaveAcesso, modulo11CheckDigit } from '@emissor/nfe-xml';
import { afterAll, beforeAll, describe, it } from 'vitest';

import { EMITTER_CNPJ, emissionRequest, postEmission } from './helpers/emission.js';
import { expectRefused, refusalBranch, type RefusalBranch } from './helpers/refusals.js';
import { saoPauloDate } from './helpers/sao-paulo-date.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/* The API refuses what SEFAZ refuses, with SEFAZ's code: each request below breaks one rule of MOC
   7.0 Anexo I (or a later NT) and is a 422 naming its field, with the message "SEFAZ rejection N
   (official text): …", before a number is taken. The local SEFAZ answers the same N for a document
   carrying the same fault (packages/sefaz-simulator/test/*-rules.test.ts). */

let server: TestServer;
let branch: RefusalBranch;
const r = { tenant_ref: 'sefaz-codes', branch_ref: 'filial-1' };
beforeAll(async () => {
  server = await startTestServer();
  branch = await refusalBranch(server, r, 700);
});
afterAll(() => server.close());

type Body = Record<string, any>;

const spYear = Number(saoPauloDate(0).slice(0, 4));
const spMonth = Number(saoPauloDate(0).slice(5, 7));
/** AAMM of the month after the current one in São Paulo. */
const nextAamm = () => {
  const month = (spMonth % 12) + 1;
  const year = spMonth === 12 ? spYear + 1 : spYear;
  return `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;
};

const SUPPLIER = '11222333000181';
const chave = (parts: Partial<Parameters<typeof chaveAcesso>[0]> = {}) =>
  chaveAcesso({
    cUF: '35',
    aamm: '2611',
    cnpj: SUPPLIER,
    serie: 1,
    numero: 5,
    tpEmis: '1',
    codigoNumerico: '12345678',
    ...parts,
  });
/** `value` with `text` at `start` and its check digit made right again. */
const patched = (value: string, start: number, text: string) => {
  const body = (value.slice(0, start) + text + value.slice(start + text.length)).slice(0, 43);
  return body + modulo11CheckDigit(body);
};
const wrongDigit = (value: string) =>
  value.slice(0, -1) + String((Number(value.slice(-1)) + 1) % 10);

const REFS = ['documentos_referenciados'];
const ref = (entry: object) => (b: Body) => (b.documentos_referenciados = [entry]);
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
/** An export of the base item to FOREIGN (CFOP 7102), leaving from Santos. */
const exporting = (b: Body) => {
  b.uf_destino_tipo = 'exterior';
  b.destinatario = { ...FOREIGN };
  b.itens[0].cfop = '7102';
  b.itens[0].fiscal_result = { ...b.itens[0].fiscal_result, cfop: '7102', consumidor_final: false };
  b.ind_final = '0';
  b.exportacao = { uf_embarque: 'SP', local_embarque: 'Porto de Santos' };
};
const PLACE = {
  cnpj: SUPPLIER,
  address_street: 'Rua do Deposito',
  address_number: '10',
  address_district: 'Distrito Industrial',
  address_city: 'GUARULHOS',
  address_city_ibge_code: '3518800',
  address_state: 'SP',
  address_zip: '07000000',
};
const CARRIER = { cnpj: '33333333000191', nome: 'TRANSPORTADORA RAPIDA LTDA' };
const onCredit = (dups: { vencimento: string; valor: string }[], total = '21.00') => ({
  fatura: { numero: 'FAT-1', valor_original: total, valor_liquido: total },
  duplicatas: dups.map((d, i) => ({ numero: String(i + 1).padStart(3, '0'), ...d })),
});
const CARD = {
  tipo_integracao: '1',
  cnpj_credenciadora: '01027058000191',
  bandeira: '02',
  autorizacao: 'AUT1',
};
const BATCH = {
  lote: 'L1',
  quantidade: '2',
  data_fabricacao: '2026-01-15',
  data_validade: '2027-01-15',
};
const ITEM = ['itens', 0];

/** [name, edit of the base request, loc after "body", SEFAZ's code]. */
const CASES: [string, (b: Body) => void, (string | number)[], number][] = [
  // ide and NFref (B25, BA)
  ['a complementary NF-e without its note', (b) => (b.fin_nfe = '2'), REFS, 254],
  [
    'a complementary NF-e of two notes',
    (b) => {
      b.fin_nfe = '2';
      b.documentos_referenciados = [
        { chave_acesso: chave({ cnpj: EMITTER_CNPJ }) },
        { chave_acesso: chave({ cnpj: EMITTER_CNPJ, numero: 6 }) },
      ];
    },
    [...REFS, 1],
    255,
  ],
  [
    "a complementary NF-e of another issuer's note",
    (b) => {
      b.fin_nfe = '2';
      ref({ chave_acesso: chave() })(b);
    },
    [...REFS, 0, 'chave_acesso'],
    269,
  ],
  [
    "a complementary NF-e of another state's note",
    (b) => {
      b.fin_nfe = '2';
      ref({ chave_acesso: chave({ cnpj: EMITTER_CNPJ, cUF: '33' }) })(b);
    },
    [...REFS, 0, 'chave_acesso'],
    678,
  ],
  [
    'a return without the document it returns',
    (b) => {
      b.fin_nfe = '4';
      b.pagamento = { tpag: '90', valor: 0 };
    },
    REFS,
    321,
  ],
  ['a sale in person away from the store without its note', (b) => (b.ind_pres = '5'), REFS, 864],
  [
    'a cupom fiscal in an export',
    (b) => {
      exporting(b);
      ref({ cupom_fiscal: { modelo: '2D', numero_ecf: '1', coo: '123' } })(b);
    },
    [...REFS, 0, 'cupom_fiscal'],
    923,
  ],
  [
    "the return of another state's NFC-e",
    (b) => {
      b.fin_nfe = '4';
      b.pagamento = { tpag: '90', valor: 0 };
      ref({ chave_acesso: chave({ cUF: '33', modelo: '65' }) })(b);
    },
    [...REFS, 0, 'chave_acesso'],
    954,
  ],
  [
    "a referenced chave's check digit",
    ref({ chave_acesso: wrongDigit(chave()) }),
    [...REFS, 0, 'chave_acesso'],
    547,
  ],
  [
    "a referenced chave's state",
    ref({ chave_acesso: patched(chave(), 0, '99') }),
    [...REFS, 0, 'chave_acesso'],
    522,
  ],
  [
    "a referenced chave's month",
    ref({ chave_acesso: patched(chave(), 4, '13') }),
    [...REFS, 0, 'chave_acesso'],
    524,
  ],
  [
    "a referenced chave's year, after the year of issue",
    ref({ chave_acesso: chave({ aamm: `${String((spYear + 1) % 100).padStart(2, '0')}01` }) }),
    [...REFS, 0, 'chave_acesso'],
    524,
  ],
  [
    "a referenced chave's issuer",
    ref({ chave_acesso: patched(chave(), 6, '11111111111111') }),
    [...REFS, 0, 'chave_acesso'],
    552,
  ],
  [
    "a referenced chave's model",
    ref({ chave_acesso: chave({ modelo: '57' }) }),
    [...REFS, 0, 'chave_acesso'],
    679,
  ],
  [
    "a referenced chave's number",
    ref({ chave_acesso: patched(chave(), 25, '000000000') }),
    [...REFS, 0, 'chave_acesso'],
    683,
  ],
  [
    "a referenced chave's emission type",
    ref({ chave_acesso: patched(chave(), 34, '8') }),
    [...REFS, 0, 'chave_acesso'],
    953,
  ],
  [
    'the same chave twice',
    (b) => (b.documentos_referenciados = [{ chave_acesso: chave() }, { chave_acesso: chave() }]),
    [...REFS, 1, 'chave_acesso'],
    680,
  ],
  [
    "a referenced CT-e's check digit",
    ref({ chave_cte: wrongDigit(chave({ modelo: '57' })) }),
    [...REFS, 0, 'chave_cte'],
    547,
  ],
  ["a referenced CT-e's model", ref({ chave_cte: chave() }), [...REFS, 0, 'chave_cte'], 679],
  [
    'a model 1 note dated after the month of issue',
    ref({ nota_modelo_1: { uf: 'SP', ano_mes: nextAamm(), cnpj: SUPPLIER, serie: 1, numero: 1 } }),
    [...REFS, 0, 'nota_modelo_1', 'ano_mes'],
    317,
  ],
  [
    "a model 1 note's CNPJ",
    ref({
      nota_modelo_1: { uf: 'SP', ano_mes: '2601', cnpj: wrongDigit(SUPPLIER), serie: 1, numero: 1 },
    }),
    [...REFS, 0, 'nota_modelo_1', 'cnpj'],
    548,
  ],
  [
    "a producer's note dated after the month of issue",
    ref({
      produtor_rural: {
        uf: 'SP',
        ano_mes: nextAamm(),
        cpf: '12345678909',
        ie: '123456',
        serie: 1,
        numero: 1,
      },
    }),
    [...REFS, 0, 'produtor_rural', 'ano_mes'],
    322,
  ],
  [
    "a producer's note's CPF",
    ref({
      produtor_rural: {
        uf: 'SP',
        ano_mes: '2601',
        cpf: '12345678900',
        ie: '123456',
        serie: 1,
        numero: 1,
      },
    }),
    [...REFS, 0, 'produtor_rural', 'cpf'],
    550,
  ],
  // indIntermed and infIntermed (B25c, YB)
  [
    'a sale over the internet without ind_intermed',
    (b) => (b.ind_pres = '2'),
    ['ind_intermed'],
    434,
  ],
  [
    'ind_intermed 1 on an operation that is no sale',
    (b) => {
      b.ind_pres = '0';
      b.ind_intermed = '1';
      b.intermediador = { cnpj: '03562067000108', identificador: 'loja-1' };
    },
    ['ind_intermed'],
    435,
  ],
  [
    'a marketplace sale without its marketplace',
    (b) => {
      b.ind_pres = '2';
      b.ind_intermed = '1';
    },
    ['intermediador'],
    438,
  ],
  [
    'a marketplace on a sale on its own site',
    (b) => {
      b.ind_pres = '2';
      b.ind_intermed = '0';
      b.intermediador = { cnpj: '03562067000108', identificador: 'loja-1' };
    },
    ['intermediador'],
    439,
  ],
  [
    "the marketplace's CNPJ",
    (b) => {
      b.ind_pres = '2';
      b.ind_intermed = '1';
      b.intermediador = { cnpj: '03562067000109', identificador: 'loja-1' };
    },
    ['intermediador', 'cnpj'],
    440,
  ],
  // the recipient against the destination (E, I08-94) and exporta (ZA)
  [
    'an export to a CPF',
    (b) => {
      exporting(b);
      b.destinatario = { ...FOREIGN, id_estrangeiro: undefined, cpf: '12345678909' };
    },
    ['destinatario', 'id_estrangeiro'],
    720,
  ],
  [
    'a foreign recipient at home who is no final consumer',
    (b) => {
      b.destinatario = { ...FOREIGN };
      b.ind_final = '0';
    },
    ['destinatario', 'id_estrangeiro'],
    721,
  ],
  [
    'a foreign recipient with an IE',
    (b) => (b.destinatario = { ...FOREIGN, ie: '123456' }),
    ['destinatario', 'ie'],
    925,
  ],
  [
    'an export to an address in a state',
    (b) => {
      exporting(b);
      b.destinatario = {
        ...FOREIGN,
        address_state: 'SP',
        address_city_ibge_code: '3550308',
        address_zip: '01001000',
      };
    },
    ['destinatario', 'address_state'],
    727,
  ],
  [
    "an export to Brasil's country code",
    (b) => {
      exporting(b);
      b.destinatario = { ...FOREIGN, address_country_code: '1058' };
    },
    ['destinatario', 'address_country_code'],
    510,
  ],
  [
    'another country outside an export, without id_estrangeiro',
    (b) => (b.destinatario = { ...FOREIGN, id_estrangeiro: undefined, cpf: '12345678909' }),
    ['destinatario', 'address_country_code'],
    511,
  ],
  [
    'an address abroad in Brasil',
    (b) => (b.destinatario = { ...FOREIGN, address_country_code: '1058' }),
    ['destinatario', 'address_country_code'],
    926,
  ],
  [
    'an export to an ICMS taxpayer',
    (b) => {
      exporting(b);
      b.destinatario = { ...FOREIGN, indicador_ie: '2' };
    },
    ['destinatario', 'indicador_ie'],
    790,
  ],
  [
    'a city abroad other than 9999999',
    (b) => (b.destinatario = { ...FOREIGN, address_city_ibge_code: '3550308' }),
    ['destinatario', 'address_city_ibge_code'],
    509,
  ],
  [
    "the recipient's city in another state",
    (b) => (b.destinatario = { ...b.destinatario, address_city_ibge_code: '3304557' }),
    ['destinatario', 'address_city_ibge_code'],
    275,
  ],
  [
    'a foreign recipient in an interstate operation',
    (b) => {
      b.uf_destino_tipo = 'interestadual';
      b.destinatario = { ...FOREIGN };
    },
    ['destinatario', 'id_estrangeiro'],
    771,
  ],
  ['an export without exportacao', (b) => (exporting(b), delete b.exportacao), ['exportacao'], 355],
  [
    'exportacao on a domestic sale',
    (b) => (b.exportacao = { uf_embarque: 'SP', local_embarque: 'Porto de Santos' }),
    ['exportacao'],
    356,
  ],
  // retirada, entrega and autXML (F, G, GA)
  [
    "retirada's CNPJ",
    (b) => (b.retirada = { ...PLACE, cnpj: wrongDigit(SUPPLIER) }),
    ['retirada', 'cnpj'],
    512,
  ],
  [
    "entrega's CPF",
    (b) => (b.entrega = { ...PLACE, cnpj: undefined, cpf: '12345678900' }),
    ['entrega', 'cpf'],
    541,
  ],
  [
    "retirada's city abroad",
    (b) =>
      (b.retirada = {
        ...PLACE,
        address_state: 'EX',
        address_country_code: '2496',
        address_city_ibge_code: '3518800',
      }),
    ['retirada', 'address_city_ibge_code'],
    513,
  ],
  [
    "entrega's city in another state",
    (b) => (b.entrega = { ...PLACE, address_city_ibge_code: '3304557' }),
    ['entrega', 'address_city_ibge_code'],
    279,
  ],
  [
    'an authorised CNPJ',
    (b) => (b.autorizados_xml = [{ cnpj: wrongDigit(SUPPLIER) }]),
    ['autorizados_xml', 0, 'cnpj'],
    323,
  ],
  [
    "the recipient's CPF authorised",
    (b) => (b.autorizados_xml = [{ cpf: '12345678909' }]),
    ['autorizados_xml', 0, 'cpf'],
    326,
  ],
  // transp (X)
  [
    'a carrier with modalidade_frete 9',
    (b) => (b.transporte = { modalidade_frete: '9', transportadora: CARRIER }),
    ['transporte', 'transportadora'],
    845,
  ],
  [
    "the sender's own transport by someone else",
    (b) => (b.transporte = { modalidade_frete: '3', transportadora: CARRIER }),
    ['transporte', 'transportadora', 'cnpj'],
    846,
  ],
  [
    'the emitter as carrier with modalidade_frete 0',
    (b) =>
      (b.transporte = {
        modalidade_frete: '0',
        transportadora: { ...CARRIER, cnpj: '12345678000276' },
      }),
    ['transporte', 'transportadora', 'cnpj'],
    847,
  ],
  [
    "the recipient's own transport by someone else",
    (b) => (b.transporte = { modalidade_frete: '4', transportadora: CARRIER }),
    ['transporte', 'transportadora', 'cnpj'],
    848,
  ],
  [
    "the carrier's CNPJ",
    (b) =>
      (b.transporte = {
        modalidade_frete: '0',
        transportadora: { ...CARRIER, cnpj: '33333333000192' },
      }),
    ['transporte', 'transportadora', 'cnpj'],
    542,
  ],
  [
    "the carrier's IE without its UF",
    (b) =>
      (b.transporte = {
        modalidade_frete: '0',
        transportadora: { ...CARRIER, ie: '112006603110' },
      }),
    ['transporte', 'transportadora', 'uf'],
    559,
  ],
  // cobr (Y)
  [
    'duplicatas without their fatura',
    (b) =>
      (b.cobranca = {
        duplicatas: onCredit([{ vencimento: saoPauloDate(30), valor: '21.00' }]).duplicatas,
      }),
    ['cobranca', 'fatura'],
    905,
  ],
  [
    'a fatura whose net value is not original − discount',
    (b) =>
      (b.cobranca = {
        fatura: {
          numero: 'F',
          valor_original: '22.00',
          valor_desconto: '2.00',
          valor_liquido: '21.00',
        },
      }),
    ['cobranca', 'fatura', 'valor_liquido'],
    902,
  ],
  [
    'instalments numbered out of order',
    (b) => {
      b.cobranca = onCredit([{ vencimento: saoPauloDate(30), valor: '21.00' }]);
      b.cobranca.duplicatas[0].numero = '002';
    },
    ['cobranca', 'duplicatas', 0, 'numero'],
    852,
  ],
  [
    'an instalment due before the day of issue',
    (b) =>
      (b.cobranca = onCredit([
        { vencimento: saoPauloDate(-1), valor: '10.50' },
        { vencimento: saoPauloDate(30), valor: '10.50' },
      ])),
    ['cobranca', 'duplicatas', 0, 'vencimento'],
    900,
  ],
  [
    'instalments due out of order',
    (b) =>
      (b.cobranca = onCredit([
        { vencimento: saoPauloDate(60), valor: '10.50' },
        { vencimento: saoPauloDate(30), valor: '10.50' },
      ])),
    ['cobranca', 'duplicatas', 1, 'vencimento'],
    850,
  ],
  [
    'an instalment due in more than 10 years',
    (b) => (b.cobranca = onCredit([{ vencimento: `${spYear + 11}-01-01`, valor: '21.00' }])),
    ['cobranca', 'duplicatas', 0, 'vencimento'],
    797,
  ],
  [
    'one instalment due on the day of issue',
    (b) => (b.cobranca = onCredit([{ vencimento: saoPauloDate(0), valor: '21.00' }])),
    ['cobranca', 'duplicatas', 0, 'vencimento'],
    853,
  ],
  [
    'instalments not adding up to the net value',
    (b) => (b.cobranca = onCredit([{ vencimento: saoPauloDate(30), valor: '20.00' }])),
    ['cobranca', 'duplicatas'],
    851,
  ],
  // pag (YA)
  [
    'an adjusting NF-e paid',
    (b) => {
      b.fin_nfe = '3';
      b.documentos_referenciados = [{ chave_acesso: chave() }];
    },
    ['pagamento', 'tpag'],
    871,
  ],
  [
    'an integrated card without its authorisation',
    (b) =>
      (b.pagamento = { tpag: '03', valor: '21.00', cartao: { ...CARD, autorizacao: undefined } }),
    ['pagamento', 'cartao', 'autorizacao'],
    392,
  ],
  [
    "the card acquirer's CNPJ",
    (b) =>
      (b.pagamento = {
        tpag: '03',
        valor: '21.00',
        cartao: { ...CARD, cnpj_credenciadora: '01027058000192' },
      }),
    ['pagamento', 'cartao', 'cnpj_credenciadora'],
    437,
  ],
  [
    'a card brand outside the table',
    (b) => (b.pagamento = { tpag: '03', valor: '21.00', cartao: { ...CARD, bandeira: '28' } }),
    ['pagamento', 'cartao', 'bandeira'],
    443,
  ],
  // items (I, UA, N)
  [
    'a discount above the product value',
    (b) => (b.itens[0].valor_desconto = '21.01'),
    [...ITEM, 'valor_desconto'],
    483,
  ],
  [
    'an entry CFOP on an outgoing NF-e',
    (b) => {
      b.itens[0].fiscal_result = { ...b.itens[0].fiscal_result, cfop: '1102' };
    },
    [...ITEM, 'fiscal_result', 'cfop'],
    518,
  ],
  [
    'returned taxes outside a return',
    (b) => (b.itens[0].devolucao = { percentual: '100' }),
    [...ITEM, 'devolucao'],
    354,
  ],
  [
    'a medicine without its batches',
    (b) =>
      (b.itens[0].medicamento = {
        codigo_anvisa: '1234567890123',
        preco_maximo_consumidor: '15.90',
      }),
    [...ITEM, 'rastreabilidade'],
    873,
  ],
  [
    'a batch expiring before it was made',
    (b) => (b.itens[0].rastreabilidade = [{ ...BATCH, data_validade: '2026-01-14' }]),
    [...ITEM, 'rastreabilidade', 0, 'data_validade'],
    870,
  ],
  [
    'a batch made after the day of issue',
    (b) =>
      (b.itens[0].rastreabilidade = [
        { ...BATCH, data_fabricacao: saoPauloDate(1), data_validade: saoPauloDate(400) },
      ]),
    [...ITEM, 'rastreabilidade', 0, 'data_fabricacao'],
    877,
  ],
];

describe("each SEFAZ rule the API checks answers with SEFAZ's code, before a number is taken", () => {
  it.each(CASES)('%s', async (_name, edit, loc, code) => {
    const body = structuredClone(emissionRequest(r)) as Body;
    edit(body);
    expectRefused(
      await postEmission(server.url, branch.product.apiKey, body),
      loc,
      'nfe_rule',
      code,
    );
  });

  it('took no number and stored no document', () => branch.expectNothingChanged());
});
