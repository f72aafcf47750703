import type { NfeRequest } from '../../src/index.js';
import { PARAMS, request } from '../fixtures.js';
import { SUPPLIER_CHAVE } from '../item-group-fixtures.js';
import { ibsCbsLines, normalItem, normalRequest, rtcLine } from '../rtc-fixtures.js';
import { withGroups } from '../rtc-group-fixtures.js';

/*
 * Documents with the fields the reforma tributária layout (PL_010b) adds outside the tax values:
 * ide's dPrevEntrega, cMunFGIBS and gPagAntecipado, the item's indBemMovelUsado,
 * tpCredPresIBSZFM and DFeReferenciado, IBSCBS's indDoacao, and tax returned (gDevTrib) in each
 * sphere.
 */

const LINES = ibsCbsLines('500', { uf: '0.50', cbs: '4.50' });

/** An emitter in Manaus: the Zona Franca, whose items carry tpCredPresIBSZFM. */
const MANAUS = {
  ...request().emitente,
  crt: '3',
  address_state: 'AM',
  address_city: 'MANAUS',
  address_city_ibge_code: '1302603',
  address_zip: '69005000',
};

/** A sale in person outside the establishment, delivered later, settling an advance payment. */
function outsideTheStore(): NfeRequest {
  return normalRequest(
    [
      withGroups(normalItem(LINES, { bem_movel_usado: '1' }), { doacao: '1' }),
      normalItem(LINES, { tipo_credito_presumido_zfm: '1' }),
    ],
    {
      emitente: MANAUS,
      ind_pres: '5',
      // A sale outside the establishment names its note (864).
      documentos_referenciados: [{ chave_acesso: SUPPLIER_CHAVE }],
      municipio_fato_gerador_ibs: '1302603',
      transporte: { modalidade_frete: '0' },
      data_previsao_entrega: '2026-12-01',
      pagamentos_antecipados: [SUPPLIER_CHAVE],
    },
  );
}

/** A sale whose item refers to the item of another NF-e. */
function itemReference(): NfeRequest {
  return normalRequest([
    normalItem(LINES, { documento_referenciado: { chave_acesso: SUPPLIER_CHAVE, item: '1' } }),
  ]);
}

/** Tax returned to the buyer in each sphere, at full rates (2033). */
function returnedInEverySphere(): NfeRequest {
  const sphere = (domain: 'ibs_uf' | 'ibs_mun' | 'cbs', aliquota: string, valor: string) =>
    rtcLine(domain, { base_calc: '1000', aliquota, valor, valor_devolvido: '1.00' });
  return normalRequest([
    normalItem(
      [
        sphere('ibs_uf', '10', '99.00'),
        sphere('ibs_mun', '5', '49.00'),
        sphere('cbs', '9', '89.00'),
      ],
      { quantidade: '10', valor_unitario: '100' },
    ),
  ]);
}

const IN_2033 = { ...PARAMS, issuedAt: new Date('2033-03-10T12:00:00Z') };

/** Every request that fills the fields above, named, with the parameters to render it with. */
export function reformaLayoutRequests(): [string, NfeRequest, typeof PARAMS][] {
  return [
    ['a sale outside the store (PL_010b fields)', outsideTheStore(), PARAMS],
    ['an item referring to another NF-e item', itemReference(), PARAMS],
    ['tax returned in every sphere', returnedInEverySphere(), IN_2033],
  ];
}
