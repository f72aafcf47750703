import type { NfeRequest } from '../types.js';
import { escapeText } from '../xml-escape.js';
import type { IssuePath } from '../errors.js';
import { checkDecimal, PERCENT } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkText, given } from '../validate/text.js';
import { ufInfo } from '../ufs.js';
import { type ExitTime, renderExitTime } from './exit-time.js';
import { renderAdvancePayments, renderDeliveryForecast, renderIbsCity } from './ide-reforma.js';
import { renderReferences } from './nfref.js';

/** Top-level request fields are reported at `[key]`. */
const ROOT: IssuePath = [];

/**
 * The parts of `<ide>` that do not depend on nNF, dhEmi, cNF, cDV or an SVC contingency, cut where
 * those go: `<natOp>`…`<serie>` | nNF dhEmi | `beforeTpEmis` | tpEmis cDV | `beforeContingency` |
 * dhCont? xJust? | `afterContingency`. tpEmis is left out too: a contingency replaces it.
 */
export interface IdeFragments {
  readonly beforeNumber: string;
  /** From `<dhSaiEnt>` (or `<tpNF>`) to `</tpImp>`. */
  readonly beforeTpEmis: string;
  /** From `<tpAmb>` to `</verProc>`. */
  readonly beforeContingency: string;
  /** NFref*, gCompraGov?, gPagAntecipado?: the rest of `<ide>`, possibly empty. */
  readonly afterContingency: string;
  /** The request's tpEmis, written unless the document is rendered in contingency. */
  readonly tpEmis: string;
  /** ide/finNFe as written ('1'…'6'). */
  readonly finNFe: string;
  readonly tpNFDebito?: string;
  readonly tpNFCredito?: string;
  /** ide/gCompraGov/pRedutor, in a government purchase. */
  readonly pRedutor?: string;
  /** ide/tpNF as written ('0' entrada, '1' saída), undefined when invalid. */
  readonly tpNF: string | undefined;
  /** ide/indPres and ide/indIntermed as written, undefined when absent or invalid. */
  readonly indPres: string | undefined;
  readonly indIntermed: string | undefined;
  /** ide/dhSaiEnt, checked against dhEmi once that is known. */
  readonly exitTime: ExitTime | undefined;
  /** ide/dPrevEntrega as written, checked against the day of exit or issue. */
  readonly deliveryForecast?: string;
}

const DEBIT_TYPES = ['01', '02', '03', '04', '05', '06', '07'] as const;
const CREDIT_TYPES = ['01', '02', '03', '04', '05'] as const;

/**
 * tpNFDebito / tpNFCredito: each is required on its kind of note (finNFe 6 / 5) and has no place
 * on any other.
 */
function noteType<T extends string>(
  issues: IssueList,
  key: 'tp_nf_debito' | 'tp_nf_credito',
  value: string | null | undefined,
  wanted: boolean,
  allowed: readonly T[],
): T | undefined {
  if (!wanted) {
    if (given(value))
      issues.add(
        [key],
        'ibs_cbs_group_mismatch',
        `${key} belongs to a ${key === 'tp_nf_debito' ? 'debit note (fin_nfe 6)' : 'credit note (fin_nfe 5)'}`,
      );
    return undefined;
  }
  return checkLiteral(issues, ROOT, key, value, allowed);
}

/** ide/gCompraGov (TCompraGov): tpEnteGov, pRedutor, tpOperGov. */
function compraGov(
  issues: IssueList,
  raw: NfeRequest['compra_governamental'],
): { xml: string; pRedutor?: string } {
  if (!given(raw)) return { xml: '' };
  const path: IssuePath = ['compra_governamental'];
  const ente = checkLiteral(issues, path, 'tipo_ente', raw.tipo_ente, ['1', '2', '3', '4']);
  const pRedutor = checkDecimal(
    issues,
    path,
    'percentual_reducao',
    raw.percentual_reducao,
    PERCENT,
  );
  const oper = checkLiteral(issues, path, 'tipo_operacao', raw.tipo_operacao, ['1', '2']);
  return {
    xml: `<gCompraGov><tpEnteGov>${ente ?? ''}</tpEnteGov><pRedutor>${pRedutor ?? ''}</pRedutor><tpOperGov>${oper ?? ''}</tpOperGov></gCompraGov>`,
    ...(pRedutor !== undefined ? { pRedutor } : {}),
  };
}

/** uf_destino_tipo → idDest. */
const ID_DEST = { interna: '1', interestadual: '2', exterior: '3' } as const;
const UF_DESTINO_TIPOS = ['interna', 'interestadual', 'exterior'] as const;
const TP_NF = ['0', '1'] as const;
const IND_INTERMED = ['0', '1'] as const;

/**
 * ide fields in layout order: natOp mod serie | nNF dhEmi | dhSaiEnt? dPrevEntrega? tpNF idDest
 * cMunFG cMunFGIBS? tpImp | tpEmis cDV | tpAmb finNFe tpNFDebito? tpNFCredito? indFinal indPres
 * indIntermed? procEmi verProc | dhCont? xJust? | NFref* gCompraGov? gPagAntecipado?. tpImp 1
 * (DANFE retrato), procEmi 0 (the taxpayer's own application).
 */
export function renderIdeFragments(issues: IssueList, r: NfeRequest, cMunFG: string): IdeFragments {
  const natOp = checkText(issues, ROOT, 'nat_op', r.nat_op ?? 'Venda', { min: 1, max: 60 });
  checkLiteral(issues, ROOT, 'document_model', r.document_model ?? '55', ['55']);
  if (!Number.isInteger(r.serie) || r.serie < 0) {
    issues.add(
      ['serie'],
      Number.isInteger(r.serie) ? 'greater_than_equal' : 'int_type',
      'serie should be an integer ≥ 0',
    );
  } else if (r.serie > 999) {
    issues.add(['serie'], 'less_than_equal', 'serie should be at most 999 (TSerie)');
  }
  const idDest =
    ID_DEST[
      checkLiteral(issues, ROOT, 'uf_destino_tipo', r.uf_destino_tipo, UF_DESTINO_TIPOS) ??
        'interna'
    ];
  const tpNF = checkLiteral(issues, ROOT, 'tp_nf', r.tp_nf ?? '1', TP_NF);
  const exitTime = given(r.data_saida_entrada)
    ? renderExitTime(issues, r.data_saida_entrada, ufInfo(r.emitente.address_state))
    : undefined;
  const tpEmis =
    checkLiteral(issues, ROOT, 'tp_emis', r.tp_emis ?? '1', ['1', '2', '3', '4', '5', '6', '7']) ??
    '1';
  const tpAmb =
    checkLiteral(issues, ROOT, 'ambiente', r.ambiente, ['producao', 'homologacao']) === 'producao'
      ? '1'
      : '2';
  const finNFe = checkLiteral(issues, ROOT, 'fin_nfe', r.fin_nfe ?? '1', [
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
  ]);
  const tpNFDebito = noteType(issues, 'tp_nf_debito', r.tp_nf_debito, finNFe === '6', DEBIT_TYPES);
  const tpNFCredito = noteType(
    issues,
    'tp_nf_credito',
    r.tp_nf_credito,
    finNFe === '5',
    CREDIT_TYPES,
  );
  const government = compraGov(issues, r.compra_governamental);
  const indFinal = checkLiteral(issues, ROOT, 'ind_final', r.ind_final ?? '1', ['0', '1']);
  const indPres = checkLiteral(issues, ROOT, 'ind_pres', r.ind_pres ?? '1', [
    '0',
    '1',
    '2',
    '3',
    '4',
    '5',
    '9',
  ]);
  const indIntermed = given(r.ind_intermed)
    ? checkLiteral(issues, ROOT, 'ind_intermed', r.ind_intermed, IND_INTERMED)
    : undefined;
  const verProc = checkText(issues, ROOT, 'ver_proc', r.ver_proc, { min: 1, max: 20 });
  const delivery = renderDeliveryForecast(issues, r, finNFe ?? '1');
  const references = renderReferences(
    issues,
    r.documentos_referenciados,
    finNFe ?? '1',
    Array.isArray(r.itens) ? r.itens : [],
    r.emitente.address_state,
  );
  return {
    beforeNumber: `<natOp>${escapeText(natOp ?? '')}</natOp><mod>55</mod><serie>${r.serie}</serie>`,
    beforeTpEmis:
      `${exitTime?.xml ?? ''}${delivery.xml}<tpNF>${tpNF ?? ''}</tpNF><idDest>${idDest}</idDest>` +
      `<cMunFG>${cMunFG}</cMunFG>${renderIbsCity(issues, r)}<tpImp>1</tpImp>`,
    beforeContingency:
      `<tpAmb>${tpAmb}</tpAmb><finNFe>${finNFe ?? ''}</finNFe>` +
      (tpNFDebito ? `<tpNFDebito>${tpNFDebito}</tpNFDebito>` : '') +
      (tpNFCredito ? `<tpNFCredito>${tpNFCredito}</tpNFCredito>` : '') +
      `<indFinal>${indFinal ?? ''}</indFinal>` +
      `<indPres>${indPres ?? ''}</indPres>${indIntermed ? `<indIntermed>${indIntermed}</indIntermed>` : ''}` +
      `<procEmi>0</procEmi><verProc>${escapeText(verProc ?? '')}</verProc>`,
    afterContingency: references + government.xml + renderAdvancePayments(issues, r),
    tpEmis,
    finNFe: finNFe ?? '1',
    ...(tpNFDebito ? { tpNFDebito } : {}),
    ...(tpNFCredito ? { tpNFCredito } : {}),
    ...(government.pRedutor !== undefined ? { pRedutor: government.pRedutor } : {}),
    tpNF,
    indPres,
    indIntermed,
    exitTime,
    ...(delivery.date !== undefined ? { deliveryForecast: delivery.date } : {}),
  };
}
