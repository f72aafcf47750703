import type { NfeDestinatario, NfeItem, NfeRequest, NfeTributoLinha } from '../../src/index.js';
import { item, line, request } from '../fixtures.js';
import { MINIMAL_DI } from '../item-group-fixtures.js';

/*
 * Requests that fill every tax field beyond the plain ICMS/IPI/PIS/COFINS lines: desoneração, the
 * deferral of CST 51, ST charged earlier (CST 60, CSOSN 500, ICMSST), ICMSPart, the monophase fuel
 * groups, the CSOSN 900 credit, IPI seal and quantity taxation, PIS/COFINS by quantity and their ST
 * groups, II and vTotTrib. Each item is 10 × 50.00 = 500.00.
 */

const PAID = { tpag: '01', valor: '100000' };

const COMPANY: NfeDestinatario = {
  nome: 'CLIENTE LTDA',
  indicador_ie: '1',
  cnpj: '06929383000163',
  ie: '0018000762',
  address_street: 'Av. Teste',
  address_number: '2040',
  address_district: 'Centro',
  address_city: 'SAO PAULO',
  address_city_ibge_code: '3550308',
  address_state: 'SP',
  address_zip: '04207040',
};

/** A company in Rio de Janeiro: an interstate sale from São Paulo. */
export const INTERSTATE_COMPANY: NfeDestinatario = {
  ...COMPANY,
  ie: '81234567',
  address_city: 'RIO DE JANEIRO',
  address_city_ibge_code: '3304557',
  address_state: 'RJ',
  address_zip: '20000000',
};

/** A foreign seller: the other party of an import entry. */
export const FOREIGN_SELLER: NfeDestinatario = {
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

const fiscal = (cfop: string, fields: Partial<NfeItem['fiscal_result']>) => ({
  cfop,
  consumidor_final: false,
  indicador_ie: '1',
  ...fields,
});

/** A Regime Normal item of CST `cst` with `tributos`. */
export function cstItem(cst: string, tributos: NfeTributoLinha[], cfop = '5102'): NfeItem {
  return item({ cfop, fiscal_result: fiscal(cfop, { cst, tributos }) });
}

/** A Regime Normal request (CRT 3) to a company. */
export function normalTaxRequest(
  itens: NfeItem[],
  overrides: Partial<NfeRequest> = {},
): NfeRequest {
  return request({
    emitente: { ...request().emitente, crt: '3' },
    destinatario: COMPANY,
    pagamento: PAID,
    itens,
    ...overrides,
  });
}

const own = (cst: string, fields: Partial<NfeTributoLinha> = {}) =>
  line('icms', { cst, base_calc: '500', aliquota: '18', valor: '90', ...fields });
const st = () => line('icms_st', { base_calc: '600', aliquota_st: '18', valor: '18', mva: '40' });
const fcpSt = () => line('fcp_st', { base_calc: '600', fcp_percent: '2', valor: '2' });
const deson = (motivo: string, fields: Partial<NfeTributoLinha> = {}) =>
  line('icms_desonerado', { base_calc: '500', aliquota: '18', valor: '90', motivo, ...fields });
const stDeson = () => line('icms_st_desonerado', { valor: '18', motivo: '9' });

/** ST charged earlier, its FCP and the "efetivo" ICMS: 500 at 18 % + 2 %. */
export const retainedLines = (): NfeTributoLinha[] => [
  line('icms_st_retido', {
    base_calc: '500',
    aliquota: '20',
    valor_substituto: '60',
    valor: '30',
  }),
  line('fcp_st_retido', { base_calc: '500', fcp_percent: '2', valor: '10' }),
  line('icms_efetivo', { base_calc: '400', base_calc_percent: '80', aliquota: '18', valor: '72' }),
];

/** Desoneração in every group that has it, and the ST desoneração. */
function desoneracao(): NfeRequest[] {
  return [
    normalTaxRequest(
      [
        cstItem('20', [
          own('20', { base_calc: '400', base_calc_percent: '80', valor: '72' }),
          deson('9', { valor: '18', compoe_total: '0' }),
        ]),
        cstItem('30', [line('icms', { cst: '30' }), st(), fcpSt(), deson('6')]),
        cstItem('40', [line('icms', { cst: '40' }), deson('7')]),
        cstItem('70', [
          own('70', { base_calc: '400', base_calc_percent: '80', valor: '72' }),
          st(),
          deson('3', { valor: '18' }),
          stDeson(),
        ]),
        cstItem('90', [own('90'), st(), deson('12', { valor: '10' }), stDeson()]),
        cstItem('10', [own('10'), st(), stDeson()]),
      ],
      { destinatario: { ...COMPANY, inscricao_suframa: '123456789' } },
    ),
  ];
}

/** CST 51: reduced base with its benefit code, deferral of ICMS and FCP. */
function diferimento(): NfeRequest[] {
  return [
    normalTaxRequest([
      cstItem('51', [
        own('51', {
          base_calc: '400',
          base_calc_percent: '80',
          valor: '43.20',
          codigo_beneficio_reducao: 'SP123456',
          diferimento_percent: '40',
          valor_diferido: '28.80',
        }),
        line('fcp', {
          base_calc: '400',
          fcp_percent: '2',
          valor: '8',
          diferimento_percent: '40',
          valor_diferido: '3.20',
        }),
      ]),
    ]),
  ];
}

/** ST charged earlier: ICMS60 and ICMSSN500, every block. */
function stRetido(): NfeRequest[] {
  return [
    normalTaxRequest([cstItem('60', [line('icms', { cst: '60' }), ...retainedLines()], '5405')]),
    request({
      pagamento: PAID,
      itens: [
        item({
          cfop: '5405',
          fiscal_result: fiscal('5405', { csosn: '500', tributos: retainedLines() }),
        }),
      ],
    }),
  ];
}

/** ICMSPart (CST 10, partilha) and ICMSST (CST 60, repasse): both interstate. */
function partilhaERepasse(): NfeRequest[] {
  const interstate = {
    uf_destino_tipo: 'interestadual' as const,
    destinatario: INTERSTATE_COMPANY,
  };
  return [
    normalTaxRequest(
      [
        cstItem(
          '10',
          [
            own('10', {
              aliquota: '12',
              valor: '54',
              base_calc: '450',
              base_calc_percent: '90',
              operacao_propria_percent: '50',
              uf_st: 'RJ',
            }),
            line('icms_st', {
              base_calc: '540',
              base_calc_percent: '90',
              aliquota_st: '18',
              valor: '43.20',
              mva: '20',
            }),
            fcpSt(),
          ],
          '6102',
        ),
        cstItem(
          '60',
          [
            line('icms', { cst: '60' }),
            ...retainedLines(),
            line('icms_st_destino', { base_calc: '500', valor: '35' }),
          ],
          '6102',
        ),
      ],
      interstate,
    ),
  ];
}

/** Monophase fuels: CST 02, 15 (with the ad rem reduction), 53 (deferred) and 61. */
function monofasico(): NfeRequest[] {
  const mono = (fields: Partial<NfeTributoLinha>) =>
    line('icms_mono', {
      quantidade_tributavel: '100.5',
      aliquota_especifica: '1.4700',
      valor: '147.74',
      ...fields,
    });
  return [
    normalTaxRequest([
      cstItem('02', [mono({})], '5656'),
      cstItem(
        '15',
        [
          mono({ reducao_aliquota_percent: '10', motivo: '1' }),
          line('icms_mono_retencao', {
            quantidade_tributavel: '100.5',
            aliquota_especifica: '1.12',
            valor: '112.56',
          }),
        ],
        '5656',
      ),
      cstItem(
        '53',
        [
          mono({ valor: '88.64' }),
          line('icms_mono_diferido', {
            quantidade_tributavel: '40.2',
            aliquota_especifica: '1.47',
            diferimento_percent: '40',
            valor: '59.10',
          }),
        ],
        '5656',
      ),
      cstItem(
        '61',
        [
          line('icms_mono_retido', {
            quantidade_tributavel: '100.5',
            aliquota_especifica: '1.47',
            valor: '147.74',
          }),
        ],
        '5656',
      ),
    ]),
  ];
}

/** CSOSN 900 with its own ICMS, ST and the Simples Nacional credit. */
function simplesCredit(): NfeRequest[] {
  return [
    request({
      pagamento: PAID,
      itens: [
        item({
          fiscal_result: fiscal('5102', {
            csosn: '900',
            tributos: [
              line('icms', { csosn: '900', base_calc: '500', aliquota: '18', valor: '90' }),
              line('icms_credito_sn', { base_calc: '500', aliquota: '1.25', valor: '6.25' }),
            ],
          }),
        }),
      ],
    }),
  ];
}

/** IPI with seal and producer, by quantity; PIS/COFINS by quantity and their ST groups. */
function ipiPisCofins(): NfeRequest[] {
  return [
    normalTaxRequest([
      cstItem('00', [
        own('00'),
        line('ipi', {
          cst: '50',
          codigo_beneficio: '001',
          cnpj_produtor: '06929383000163',
          selo_controle: 'SELO-IPI-0001',
          quantidade_selo: '10',
          quantidade_tributavel: '10',
          aliquota_especifica: '2.5',
          valor: '25',
        }),
        line('pis', {
          cst: '03',
          quantidade_tributavel: '10',
          aliquota_especifica: '0.1',
          valor: '1',
        }),
        line('pis_st', {
          base_calc: '500',
          aliquota: '1.65',
          valor: '8.25',
          compoe_total: '1',
        }),
        line('cofins', {
          cst: '03',
          quantidade_tributavel: '10',
          aliquota_especifica: '0.5',
          valor: '5',
        }),
        line('cofins_st', {
          base_calc: '500',
          aliquota: '7.6',
          valor: '38',
          compoe_total: '0',
        }),
      ]),
      cstItem('00', [
        own('00'),
        line('pis', {
          cst: '99',
          quantidade_tributavel: '10',
          aliquota_especifica: '0.1',
          valor: '1',
        }),
        line('pis_st', { quantidade_tributavel: '10', aliquota_especifica: '0.2', valor: '2' }),
        line('cofins', {
          cst: '99',
          quantidade_tributavel: '10',
          aliquota_especifica: '0.5',
          valor: '5',
        }),
        line('cofins_st', { quantidade_tributavel: '10', aliquota_especifica: '0.9', valor: '9' }),
      ]),
    ]),
  ];
}

/** An import entry: II with customs charges and IOF, and the approximate tax burden. */
export function importEntry(): NfeRequest {
  return normalTaxRequest(
    [
      item({
        cfop: '3102',
        importacao: [MINIMAL_DI],
        fiscal_result: {
          ...fiscal('3102', { cst: '00' }),
          indicador_ie: '9',
          tributos: [
            own('00'),
            line('ii', {
              base_calc: '450',
              valor: '50',
              valor_despesas_aduaneiras: '12.5',
              valor_iof: '1.2',
            }),
            line('tributos_aproximados', { base_calc: '500', aliquota: '31.45', valor: '157.25' }),
          ],
        },
      }),
    ],
    { tp_nf: '0', uf_destino_tipo: 'exterior', destinatario: FOREIGN_SELLER },
  );
}

/** Every request that fills the tax fields above, named. */
export function taxCoverageRequests(): [string, NfeRequest][] {
  const named = (name: string, requests: NfeRequest[]) =>
    requests.map((r, i) => [`${name} ${i}`, r] as [string, NfeRequest]);
  return [
    ...named('desoneração', desoneracao()),
    ...named('diferimento', diferimento()),
    ...named('st retido', stRetido()),
    ...named('partilha/repasse', partilhaERepasse()),
    ...named('monofásico', monofasico()),
    ...named('simples credit', simplesCredit()),
    ...named('ipi/pis/cofins', ipiPisCofins()),
    ['import entry', importEntry()],
  ];
}
