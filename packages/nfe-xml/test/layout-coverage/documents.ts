import { buildNfe, type NfeDestinatario, type NfeItem, type NfeRequest } from '../../src/index.js';
import { IBS_CBS_CSTS } from '../../src/rtc/index.js';
import { item, line, PARAMS, request } from '../fixtures.js';
import { consistentLines, normalItem, normalRequest, rtcLine } from '../rtc-fixtures.js';
import { requestForCst, richItem, withGroups } from '../rtc-group-fixtures.js';
import { CSOSN_SHAPES, CST_SHAPES, icmsLines } from '../tax-cases.js';
import { taxCoverageRequests } from './taxes.js';
import { headerTrailerCoverageDocuments } from './header-trailer.js';
import { itemCoverageRequests } from './items.js';
import { reformaLayoutRequests } from './reforma-layout.js';
import { referencesPartiesRequests } from './references-parties.js';
import { transportBillingCoverageRequests } from './transport-billing.js';

/*
 * The documents the layout-coverage report builds: between them, every field the API lets a caller
 * fill, each filled. A leaf of the layout counts as written when it appears in one of them, so a
 * group the builder supports but no document here fills shows as missing: add it here when the
 * API gains a group.
 */

const COMPANY: NfeDestinatario = {
  nome: 'CLIENTE LTDA',
  indicador_ie: '1',
  cnpj: '06929383000163',
  ie: '0018000762',
  email: 'compras@cliente.com.br',
  address_street: 'Av. Teste',
  address_number: '2040',
  address_complement: 'Sala 3',
  address_district: 'Centro',
  address_city: 'SAO PAULO',
  address_city_ibge_code: '3550308',
  address_state: 'SP',
  address_zip: '04207040',
};
const PERSON: NfeDestinatario = { nome: 'JOSE DA SILVA', indicador_ie: '9', cpf: '12345678909' };

const fiscal = (fields: Partial<NfeItem['fiscal_result']>): NfeItem['fiscal_result'] => ({
  cfop: '5102',
  consumidor_final: true,
  indicador_ie: '9',
  ...fields,
});

/** Regime Normal: every CST with every optional block, IPI taxed, PIS/COFINS by rate. */
function regimeNormal(): NfeRequest[] {
  return Object.keys(CST_SHAPES).map((cst) =>
    request({
      emitente: { ...request().emitente, crt: '3', fone: '1133334444', nome_fantasia: 'LOJA' },
      destinatario: COMPANY,
      pagamento: { tpag: '01', valor: '100000' },
      itens: [
        item({
          cest: '2800100',
          gtin: '7891000315507',
          fiscal_result: fiscal({
            cst,
            origem: '1',
            tributos: [
              ...icmsLines(cst, false, true),
              line('ipi', { cst: '50', base_calc: '500', aliquota: '10', valor: '50' }),
              line('pis', { cst: '01', base_calc: '500', aliquota: '1.65', valor: '8.25' }),
              line('cofins', { cst: '01', base_calc: '500', aliquota: '7.6', valor: '38' }),
            ],
          }),
        }),
      ],
    }),
  );
}

/** Simples Nacional: every CSOSN with every optional block; PIS/COFINS and IPI in their other forms. */
function simplesNacional(): NfeRequest[] {
  const otherForms = [
    [
      line('ipi', { cst: '53', codigo_beneficio: '301' }),
      line('pis', { cst: '07' }),
      line('cofins', { cst: '07' }),
    ],
    [
      line('pis', { cst: '99', base_calc: '500', aliquota: '0.65', valor: '3.25' }),
      line('cofins', { cst: '99', base_calc: '500', aliquota: '3', valor: '15' }),
    ],
  ];
  return Object.keys(CSOSN_SHAPES).map((csosn, i) =>
    request({
      destinatario: PERSON,
      pagamento: { tpag: '01', valor: '100000' },
      itens: [
        item({
          fiscal_result: fiscal({
            csosn,
            tributos: [...icmsLines(csosn, true, true), ...(otherForms[i % 2] ?? [])],
          }),
        }),
      ],
    }),
  );
}

/** DIFAL: an interstate sale to a non-contributor final consumer. */
function difal(): NfeRequest {
  const tributos = [
    line('icms', { cst: '00', base_calc: '500', aliquota: '12', valor: '60' }),
    line('icms_uf_dest', { base_calc: '500', aliquota: '20', fcp_percent: '2', valor: '40' }),
  ];
  return request({
    emitente: { ...request().emitente, crt: '3' },
    uf_destino_tipo: 'interestadual',
    pagamento: { tpag: '01', valor: '100000' },
    destinatario: {
      ...PERSON,
      address_street: 'Rua A',
      address_number: '1',
      address_district: 'Centro',
      address_city: 'RIO DE JANEIRO',
      address_city_ibge_code: '3304557',
      address_state: 'RJ',
      address_zip: '20000000',
    },
    itens: [item({ cfop: '6108', fiscal_result: fiscal({ cfop: '6108', tributos }) })],
  });
}

/** IBS/CBS/IS: every CST's group, and an item with every group any CST may add. */
function reformaTributaria(): NfeRequest[] {
  return [
    ...[...IBS_CBS_CSTS.keys()].map((cst) => requestForCst(cst)),
    normalRequest([richItem()]),
  ];
}

/** Documents dated when the 2026 test rates no longer bind and later rules apply. */
const IN_2030 = { ...PARAMS, issuedAt: new Date('2030-03-10T12:00:00Z') };
const IN_2033 = { ...PARAMS, issuedAt: new Date('2033-03-10T12:00:00Z') };

/**
 * IBS/CBS/IS fields beyond each CST's group: IS with a specific rate and unit, tax returned
 * (gDevTrib), a government purchase (gCompraGov, gTribCompraGov) and a presumed credit under a
 * suspensive condition.
 */
function reformaExtras(): [string, NfeRequest, typeof PARAMS][] {
  const is = rtcLine('is', {
    base_calc: '500',
    aliquota: '10',
    aliquota_especifica: '1.5',
    unidade_tributavel: 'LT',
    quantidade_tributavel: '10',
    valor: '65',
  });
  const governmentLine = (domain: 'ibs_uf' | 'ibs_mun' | 'cbs', aliquota: string, valor: string) =>
    rtcLine(domain, {
      cst: '200',
      classificacao_tributaria: '200034',
      base_calc: '1000.00',
      aliquota,
      valor,
      reducao_aliquota_percent: '40',
    });
  const government = withGroups(
    normalItem([
      governmentLine('ibs_uf', '10', '57.00'),
      governmentLine('ibs_mun', '0', '0'),
      governmentLine('cbs', '1', '5.70'),
    ]),
    {
      compra_governamental: {
        aliquota_ibs_uf: '5',
        valor_ibs_uf: '50.00',
        aliquota_ibs_mun: '0.5',
        valor_ibs_mun: '5.00',
        aliquota_cbs: '0.77',
        valor_cbs: '7.70',
      },
    },
  );
  const suspended = withGroups(normalItem(consistentLines('000', '1000.00')), {
    credito_presumido: {
      base_calc: '1000.00',
      codigo: '01',
      ibs: { percentual: '1', valor_condicao_suspensiva: '0.01' },
      cbs: { percentual: '1', valor_condicao_suspensiva: '0.09' },
    },
  });
  return [
    [
      'is with a specific rate',
      normalRequest([normalItem([...consistentLines('000', '500.00'), is])]),
      PARAMS,
    ],
    [
      'tax returned',
      normalRequest([normalItem(consistentLines('000', '500.00', { returned: '1.00' }))]),
      PARAMS,
    ],
    [
      'government purchase',
      normalRequest([government], {
        compra_governamental: { tipo_ente: '2', percentual_reducao: '5', tipo_operacao: '1' },
      }),
      IN_2030,
    ],
    ['credit under a suspensive condition', normalRequest([suspended]), IN_2033],
  ];
}

/** Every coverage document, named, as the builder writes it. */
export function coverageDocuments(): { name: string; xml: string }[] {
  type Named = [string, NfeRequest, typeof PARAMS];
  const named = (prefix: string, list: NfeRequest[]) =>
    list.map((r, i): Named => [`${prefix} ${i}`, r, PARAMS]);
  const requests: Named[] = [
    ...named('regime normal', regimeNormal()),
    ...named('simples nacional', simplesNacional()),
    ['difal', difal(), PARAMS],
    ...named('ibs/cbs', reformaTributaria()),
    ...reformaExtras(),
    ...taxCoverageRequests().map(([name, r]): Named => [name, r, PARAMS]),
    ...itemCoverageRequests().map(([name, r]): Named => [name, r, PARAMS]),
    ...transportBillingCoverageRequests().map(([name, r]): Named => [name, r, PARAMS]),
    ...reformaLayoutRequests(),
    ...referencesPartiesRequests().map(([name, r]): Named => [name, r, PARAMS]),
  ];
  const documents: { name: string; xml: string }[] = [];
  for (const [name, r, params] of requests) {
    try {
      documents.push({ name, xml: buildNfe({ ...r, ...params }).xml });
    } catch (error) {
      throw new Error(`coverage document "${name}" is refused by the builder`, { cause: error });
    }
  }
  documents.push(...headerTrailerCoverageDocuments());
  return documents;
}
