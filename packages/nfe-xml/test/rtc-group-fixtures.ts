import {
  IBS_CBS_CSTS,
  type NfeIbsCbsGrupos,
  type NfeItem,
  type NfeRequest,
  type NfeTributoLinha,
} from '../src/index.js';
import { item, request } from './fixtures.js';
import {
  consistentLines,
  normalItem,
  normalRequest,
  rtcLine,
  type SphereVariant,
} from './rtc-fixtures.js';

/* Requests for every CST of the research's table (shared/research/ibs-cbs.md §2), each with the
   group its indicators call for, and for the groups any CST may carry. */

/** Zero sphere lines that only give the item's codes (CSTs whose group is not gIBSCBS). */
export function codeLines(cst: string, cClassTrib = `${cst}001`): NfeTributoLinha[] {
  return (['ibs_uf', 'ibs_mun', 'cbs'] as const).map((domain) =>
    rtcLine(domain, { cst, classificacao_tributaria: cClassTrib }),
  );
}

/** The item with `fiscal_result.ibs_cbs` set. */
export function withGroups(base: NfeItem, groups: NfeIbsCbsGrupos): NfeItem {
  return { ...base, fiscal_result: { ...base.fiscal_result, ibs_cbs: groups } };
}

/** An item of a credit or debit note: IBS/CBS lines only, no ICMS. */
export function noteItem(tributos: NfeTributoLinha[]): NfeItem {
  return item({
    fiscal_result: { cfop: '5949', consumidor_final: true, indicador_ie: '9', tributos },
  });
}

/** 1000 l at IBS 0.10 and CBS 0.90 per litre; retention on 200 l; 50 %/10 % deferred. */
export const MONOFASIA: NonNullable<NfeIbsCbsGrupos['monofasia']> = {
  padrao: {
    quantidade: '1000',
    ad_rem_ibs: '0.1000',
    valor_ibs: '100.00',
    ad_rem_cbs: '0.9000',
    valor_cbs: '900.00',
  },
  retencao: {
    quantidade: '200',
    ad_rem_ibs: '0.1000',
    valor_ibs: '20.00',
    ad_rem_cbs: '0.9000',
    valor_cbs: '180.00',
  },
  retido_anteriormente: {
    quantidade: '300',
    ad_rem_ibs: '0.1000',
    valor_ibs: '30.00',
    ad_rem_cbs: '0.9000',
    valor_cbs: '270.00',
  },
  diferimento: {
    percentual_ibs: '50',
    valor_ibs: '50.00',
    percentual_cbs: '10',
    valor_cbs: '90.00',
  },
};

/** An emitter in Manaus (AM): the only state whose emitters give gCredPresIBSZFM. */
export function amazonasEmitter(): NfeRequest['emitente'] {
  return {
    ...request().emitente,
    crt: '3',
    address_city: 'MANAUS',
    address_state: 'AM',
    address_city_ibge_code: '1302603',
    address_zip: '69005000',
  };
}

function variantOf(cst: string): SphereVariant {
  const row = IBS_CBS_CSTS.get(cst);
  return {
    ...(row?.reduction ? { reduction: '60' } : {}),
    ...(row?.deferral ? { deferral: '50' } : {}),
  };
}

/**
 * A consistent request for CST `cst`, with the group its indicators call for: gIBSCBS (with gRed
 * and gDif as flagged), nothing, gIBSCBSMono, gTransfCred (a debit note of credit transfer by
 * succession), gCredPresIBSZFM (a credit note of tpNFCredito 02 from Amazonas) or gAjusteCompet.
 */
export function requestForCst(cst: string): NfeRequest {
  const row = IBS_CBS_CSTS.get(cst);
  switch (row?.group) {
    case 'gIBSCBSMono':
      return normalRequest([withGroups(normalItem(codeLines(cst)), { monofasia: MONOFASIA })]);
    case 'gTransfCred':
      return normalRequest(
        [
          withGroups(noteItem(codeLines(cst)), {
            transferencia_credito: { valor_ibs: '1.00', valor_cbs: '9.00' },
          }),
        ],
        { fin_nfe: '6', tp_nf_debito: '05' },
      );
    case 'gCredPresIBSZFM':
      return normalRequest(
        [
          withGroups(noteItem(codeLines(cst)), {
            credito_presumido_zfm: { competencia: '2026-10', tipo: '1', valor: '55.00' },
          }),
        ],
        { fin_nfe: '5', tp_nf_credito: '02', emitente: amazonasEmitter() },
      );
    case 'gAjusteCompet':
      return normalRequest([
        withGroups(normalItem(codeLines(cst)), {
          ajuste_competencia: { competencia: '2026-10', valor_ibs: '1.00', valor_cbs: '9.00' },
        }),
      ]);
    case 'none':
      return normalRequest([normalItem(consistentLines(cst, '0'))]);
    default:
      return normalRequest([normalItem(consistentLines(cst, '500.00', variantOf(cst)))]);
  }
}

/** The XML tag the CST's group is written as, or undefined for a CST without one. */
export function tagOf(cst: string): string | undefined {
  const group = IBS_CBS_CSTS.get(cst)?.group;
  return group === 'none' ? undefined : group;
}

/** gTribRegular of CST 000 at the 2026 rates on 1000.00. */
export const REGULAR: NonNullable<NfeIbsCbsGrupos['tributacao_regular']> = {
  cst: '000',
  classificacao_tributaria: '000001',
  aliquota_ibs_uf: '0.10',
  valor_ibs_uf: '1.00',
  aliquota_ibs_mun: '0',
  valor_ibs_mun: '0',
  aliquota_cbs: '0.90',
  valor_cbs: '9.00',
};

/**
 * CST 000 at the 2026 rates on 1000.00 with every group any CST may add: gEstornoCred,
 * gCredPresOper (IBS and CBS credit) and gTribRegular.
 */
export function richItem(): NfeItem {
  return withGroups(normalItem(consistentLines('000', '1000.00')), {
    estorno_credito: { valor_ibs: '1.00', valor_cbs: '9.00' },
    credito_presumido: {
      base_calc: '1000.00',
      codigo: '01',
      ibs: { percentual: '1', valor: '0.01' },
      cbs: { percentual: '1', valor: '0.09' },
    },
    tributacao_regular: REGULAR,
  });
}
