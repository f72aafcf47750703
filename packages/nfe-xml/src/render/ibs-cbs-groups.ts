import { addDecimals, formatDecimal, subtractDecimals } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type {
  RtcCredPres,
  RtcIbsCbs,
  RtcMono,
  RtcMonoQuantity,
  RtcTribCompraGov,
  RtcTribRegular,
} from '../rtc/document.js';
import type {
  NfeCreditoPresumido,
  NfeIbsCbsGrupos,
  NfeMonofasiaQuantidade,
  NfeValoresPorEsfera,
} from '../types.js';
import {
  checkDecimal,
  type DecimalKind,
  layoutValue,
  MONEY,
  PERCENT,
} from '../validate/decimal-field.js';
import { digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, checkPattern, given } from '../validate/text.js';

/*
 * `fiscal_result.ibs_cbs`: the IBSCBS groups that are not one of the three sphere lines — the
 * monophase, credit transfer, period adjustment and ZFM groups some CSTs call for instead of
 * gIBSCBS, credit reversal and presumed credit, and gIBSCBS's regular-taxation and
 * government-purchase subgroups. Each is checked field by field and handed to the rule module as
 * given; whether the CST wants it is the rules' call (a 422 naming `fiscal_result.ibs_cbs.<group>`).
 */

/** TDec1104RTC: a monophase quantity, 0 or exactly 4 places. */
const MONO_QUANTITY: DecimalKind = {
  name: 'TDec1104RTC',
  maxWholeDigits: 11,
  maxPlaces: 4,
  minOutPlaces: 4,
  sign: 'nonNegative',
};

/** TCompetApur: xs:gYearMonth from 2025-01. */
const PERIOD = { test: (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && v >= '2025-01' };
const CCREDPRES = digits(2);
const CST_RTC = digits(3);
const CCLASSTRIB = digits(6);

/** The path of `fiscal_result.ibs_cbs` of an item. */
export function groupsPath(item: number): IssuePath {
  return ['itens', item, 'fiscal_result', 'ibs_cbs'];
}

/** Request key of each IBSCBS group, for issue paths of broken rules. */
export const GROUP_KEYS: Readonly<Record<string, string>> = {
  gIBSCBSMono: 'monofasia',
  gTransfCred: 'transferencia_credito',
  gAjusteCompet: 'ajuste_competencia',
  gEstornoCred: 'estorno_credito',
  gCredPresOper: 'credito_presumido',
  gCredPresIBSZFM: 'credito_presumido_zfm',
  gTribRegular: 'tributacao_regular',
  gTribCompraGov: 'compra_governamental',
};

class Reader {
  constructor(
    readonly issues: IssueList,
    readonly path: IssuePath,
  ) {}

  below(key: string): Reader {
    return new Reader(this.issues, [...this.path, key]);
  }

  decimal(key: string, raw: unknown, kind: DecimalKind): string {
    return checkDecimal(this.issues, this.path, key, raw, kind) ?? '';
  }

  money(key: string, raw: unknown): string {
    return this.decimal(key, raw, MONEY);
  }

  percent(key: string, raw: unknown): string {
    return this.decimal(key, raw, PERCENT);
  }

  period(key: string, raw: unknown): string {
    return (
      checkPattern(this.issues, this.path, key, raw, PERIOD, 'a period YYYY-MM from 2025-01') ?? ''
    );
  }
}

function monoQuantity(r: Reader, q: NfeMonofasiaQuantidade): RtcMonoQuantity {
  return {
    quantity: r.decimal('quantidade', q.quantidade, MONO_QUANTITY),
    adRemIBS: r.percent('ad_rem_ibs', q.ad_rem_ibs),
    vIBS: r.money('valor_ibs', q.valor_ibs),
    adRemCBS: r.percent('ad_rem_cbs', q.ad_rem_cbs),
    vCBS: r.money('valor_cbs', q.valor_cbs),
  };
}

const sumOf = (...texts: (string | undefined)[]) =>
  texts.reduce((total, t) => (t ? addDecimals(total, layoutValue(t)) : total), layoutValue('0'));

function mono(r: Reader, m: NonNullable<NfeIbsCbsGrupos['monofasia']>): RtcMono {
  const padrao = given(m.padrao) ? monoQuantity(r.below('padrao'), m.padrao) : undefined;
  const reten = given(m.retencao) ? monoQuantity(r.below('retencao'), m.retencao) : undefined;
  const ret = given(m.retido_anteriormente)
    ? monoQuantity(r.below('retido_anteriormente'), m.retido_anteriormente)
    : undefined;
  let dif: RtcMono['gMonoDif'];
  if (given(m.diferimento)) {
    const d = r.below('diferimento');
    dif = {
      pDifIBS: d.percent('percentual_ibs', m.diferimento.percentual_ibs),
      vIBSMonoDif: d.money('valor_ibs', m.diferimento.valor_ibs),
      pDifCBS: d.percent('percentual_cbs', m.diferimento.percentual_cbs),
      vCBSMonoDif: d.money('valor_cbs', m.diferimento.valor_cbs),
    };
  }
  // UB104-10/UB105-10: what the item owes is the standard tax plus the retained, less the deferred;
  // tax retained earlier in the chain (gMonoRet) was paid by someone else.
  const total = (own?: string, retained?: string, deferred?: string) =>
    formatDecimal(subtractDecimals(sumOf(own, retained), sumOf(deferred)), 2);
  return {
    ...(padrao ? { gMonoPadrao: padrao } : {}),
    ...(reten ? { gMonoReten: reten } : {}),
    ...(ret ? { gMonoRet: ret } : {}),
    ...(dif ? { gMonoDif: dif } : {}),
    vTotIBSMonoItem: total(padrao?.vIBS, reten?.vIBS, dif?.vIBSMonoDif),
    vTotCBSMonoItem: total(padrao?.vCBS, reten?.vCBS, dif?.vCBSMonoDif),
  };
}

function credit(r: Reader, c: NfeCreditoPresumido): RtcCredPres {
  const pCredPres = r.percent('percentual', c.percentual);
  if (given(c.valor) === given(c.valor_condicao_suspensiva)) {
    r.issues.add(
      r.path,
      'ibs_cbs_group_mismatch',
      'Give exactly one of valor (vCredPres) and valor_condicao_suspensiva (vCredPresCondSus)',
    );
    return { pCredPres, vCredPres: '' };
  }
  return given(c.valor)
    ? { pCredPres, vCredPres: r.money('valor', c.valor) }
    : {
        pCredPres,
        vCredPresCondSus: r.money('valor_condicao_suspensiva', c.valor_condicao_suspensiva),
      };
}

function perSphere(r: Reader, v: NfeValoresPorEsfera) {
  return {
    ibsUfRate: r.percent('aliquota_ibs_uf', v.aliquota_ibs_uf),
    ibsUf: r.money('valor_ibs_uf', v.valor_ibs_uf),
    ibsMunRate: r.percent('aliquota_ibs_mun', v.aliquota_ibs_mun),
    ibsMun: r.money('valor_ibs_mun', v.valor_ibs_mun),
    cbsRate: r.percent('aliquota_cbs', v.aliquota_cbs),
    cbs: r.money('valor_cbs', v.valor_cbs),
  };
}

/** What `fiscal_result.ibs_cbs` adds to an item's IBSCBS. */
export interface IbsCbsExtras {
  /** The groups of TTribNFe outside gIBSCBS. */
  readonly groups: Omit<RtcIbsCbs, 'CST' | 'cClassTrib' | 'gIBSCBS'>;
  readonly gTribRegular?: RtcTribRegular;
  readonly gTribCompraGov?: RtcTribCompraGov;
}

/** Reads `fiscal_result.ibs_cbs` of item `index`. */
export function readIbsCbsGroups(
  issues: IssueList,
  index: number,
  raw: NfeIbsCbsGrupos,
): IbsCbsExtras {
  const r = new Reader(issues, groupsPath(index));
  const groups: {
    -readonly [K in keyof IbsCbsExtras['groups']]: IbsCbsExtras['groups'][K];
  } = {};
  if (given(raw.doacao) && checkLiteral(issues, r.path, 'doacao', raw.doacao, ['1']))
    groups.indDoacao = '1';
  if (given(raw.monofasia)) groups.gIBSCBSMono = mono(r.below('monofasia'), raw.monofasia);
  if (given(raw.transferencia_credito)) {
    const t = r.below('transferencia_credito');
    groups.gTransfCred = {
      vIBS: t.money('valor_ibs', raw.transferencia_credito.valor_ibs),
      vCBS: t.money('valor_cbs', raw.transferencia_credito.valor_cbs),
    };
  }
  if (given(raw.ajuste_competencia)) {
    const a = r.below('ajuste_competencia');
    groups.gAjusteCompet = {
      competApur: a.period('competencia', raw.ajuste_competencia.competencia),
      vIBS: a.money('valor_ibs', raw.ajuste_competencia.valor_ibs),
      vCBS: a.money('valor_cbs', raw.ajuste_competencia.valor_cbs),
    };
  }
  if (given(raw.estorno_credito)) {
    const e = r.below('estorno_credito');
    groups.gEstornoCred = {
      vIBSEstCred: e.money('valor_ibs', raw.estorno_credito.valor_ibs),
      vCBSEstCred: e.money('valor_cbs', raw.estorno_credito.valor_cbs),
    };
  }
  if (given(raw.credito_presumido)) {
    const c = r.below('credito_presumido');
    const p = raw.credito_presumido;
    groups.gCredPresOper = {
      vBCCredPres: c.money('base_calc', p.base_calc),
      cCredPres:
        checkPattern(issues, c.path, 'codigo', p.codigo, CCREDPRES, '2 digits (cCredPres)') ?? '',
      ...(given(p.ibs) ? { gIBSCredPres: credit(c.below('ibs'), p.ibs) } : {}),
      ...(given(p.cbs) ? { gCBSCredPres: credit(c.below('cbs'), p.cbs) } : {}),
    };
  }
  if (given(raw.credito_presumido_zfm)) {
    const z = r.below('credito_presumido_zfm');
    const p = raw.credito_presumido_zfm;
    groups.gCredPresIBSZFM = {
      competApur: z.period('competencia', p.competencia),
      tpCredPresIBSZFM:
        checkLiteral(issues, z.path, 'tipo', p.tipo, ['0', '1', '2', '3', '4']) ?? '',
      vCredPresIBSZFM: z.money('valor', p.valor),
    };
  }
  let gTribRegular: RtcTribRegular | undefined;
  if (given(raw.tributacao_regular)) {
    const t = r.below('tributacao_regular');
    const p = raw.tributacao_regular;
    const v = perSphere(t, p);
    gTribRegular = {
      CSTReg: checkPattern(issues, t.path, 'cst', p.cst, CST_RTC, '3 digits (CSTReg)') ?? '',
      cClassTribReg:
        checkPattern(
          issues,
          t.path,
          'classificacao_tributaria',
          p.classificacao_tributaria,
          CCLASSTRIB,
          '6 digits (cClassTribReg)',
        ) ?? '',
      pAliqEfetRegIBSUF: v.ibsUfRate,
      vTribRegIBSUF: v.ibsUf,
      pAliqEfetRegIBSMun: v.ibsMunRate,
      vTribRegIBSMun: v.ibsMun,
      pAliqEfetRegCBS: v.cbsRate,
      vTribRegCBS: v.cbs,
    };
  }
  let gTribCompraGov: RtcTribCompraGov | undefined;
  if (given(raw.compra_governamental)) {
    const v = perSphere(r.below('compra_governamental'), raw.compra_governamental);
    gTribCompraGov = {
      pAliqIBSUF: v.ibsUfRate,
      vTribIBSUF: v.ibsUf,
      pAliqIBSMun: v.ibsMunRate,
      vTribIBSMun: v.ibsMun,
      pAliqCBS: v.cbsRate,
      vTribCBS: v.cbs,
    };
  }
  return {
    groups,
    ...(gTribRegular ? { gTribRegular } : {}),
    ...(gTribCompraGov ? { gTribCompraGov } : {}),
  };
}

/**
 * The request path a broken rule on a group of `fiscal_result.ibs_cbs` points at, from its tag
 * path (`IBSCBS/gTransfCred`, `IBSCBS/gIBSCBS/gTribRegular/vTribRegCBS`), or undefined when the
 * rule is about the sphere lines.
 */
export function groupIssuePath(item: number, field: string): IssuePath | undefined {
  const parts = field.split('/');
  const key =
    GROUP_KEYS[parts[1] ?? ''] ?? (parts[1] === 'gIBSCBS' ? GROUP_KEYS[parts[2] ?? ''] : undefined);
  return key ? [...groupsPath(item), key] : undefined;
}
