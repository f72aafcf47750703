import { addDecimals, formatDecimal, signOf } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import { deferredValue, effectiveRate } from '../rtc/arithmetic.js';
import { IBS_CBS_CSTS } from '../rtc/cst-table.js';
import type { RtcGIbsCbs, RtcIbsCbs, RtcSphere } from '../rtc/document.js';
import {
  checkDecimal,
  type DecimalKind,
  formatAs,
  type LayoutDecimal,
  layoutValue,
  MONEY,
  PERCENT,
} from '../validate/decimal-field.js';
import { digits } from '../validate/digits.js';
import type { IssueList } from '../validate/issues.js';
import { checkPattern, given } from '../validate/text.js';
import { groupsPath, type IbsCbsExtras } from './ibs-cbs-groups.js';
import { tributosPath } from './item-paths.js';
import { mismatch, need, type TaxLine, type TaxLines } from './tax-lines.js';

export const CST_RTC = digits(3);
export const CCLASSTRIB = digits(6);

/** The IBS/CBS lines of an item, each where its group goes. */
export const IBS_CBS_DOMAINS = ['ibs_uf', 'ibs_mun', 'cbs'] as const;
type IbsCbsDomain = (typeof IBS_CBS_DOMAINS)[number];

/** Request fields of ICMS-style lines that have no place in IBS/CBS. */
const FOREIGN = [
  'aliquota_st',
  'fcp_percent',
  'mva',
  'csosn',
  'codigo_beneficio',
  'aliquota_especifica',
  'unidade_tributavel',
  'quantidade_tributavel',
] as const;

/** Named reads, not a keyed one per field name: this runs for every IBS/CBS line (see tax-lines.ts). */
function hasIcmsEraFields(r: TaxLine['raw']): boolean {
  return (
    given(r.aliquota_st) ||
    given(r.fcp_percent) ||
    given(r.mva) ||
    given(r.csosn) ||
    given(r.codigo_beneficio) ||
    given(r.aliquota_especifica) ||
    given(r.unidade_tributavel) ||
    given(r.quantidade_tributavel)
  );
}

/** Where an item's IBS/CBS values came from, so a broken rule names the request line. */
export type IbsCbsSources = Partial<Record<IbsCbsDomain, TaxLine>>;

/** Reads the CST and cClassTrib every IBS/CBS (or IS) line carries. */
export function readCodes(
  issues: IssueList,
  line: TaxLine,
): { cst: string | undefined; cClassTrib: string | undefined } {
  return {
    cst: checkPattern(issues, line.path, 'cst', line.raw.cst, CST_RTC, '3 digits (IBS/CBS/IS CST)'),
    cClassTrib: checkPattern(
      issues,
      line.path,
      'classificacao_tributaria',
      line.raw.classificacao_tributaria,
      CCLASSTRIB,
      '6 digits (cClassTrib)',
    ),
  };
}

function optional(
  issues: IssueList,
  line: TaxLine,
  key:
    | 'reducao_aliquota_percent'
    | 'aliquota_efetiva'
    | 'diferimento_percent'
    | 'valor_diferido'
    | 'valor_devolvido',
  kind: DecimalKind,
): LayoutDecimal | undefined {
  const raw = line.raw[key];
  return given(raw) ? checkDecimal(issues, line.path, key, raw, kind) : undefined;
}

function nonZero(value: LayoutDecimal | undefined): boolean {
  return value !== undefined && signOf(layoutValue(value)) !== 0;
}

/** Whether a line asks for any value (a CST without gIBSCBS takes none). */
function carriesValues(line: TaxLine): boolean {
  const r = line.raw;
  return (
    nonZero(line.baseCalc) ||
    nonZero(line.valor) ||
    nonZero(line.aliquota) ||
    given(r.reducao_aliquota_percent) ||
    given(r.aliquota_efetiva) ||
    given(r.diferimento_percent) ||
    given(r.valor_diferido) ||
    given(r.valor_devolvido)
  );
}

/** gIBSUF / gIBSMun / gCBS from one line. */
function sphere(
  issues: IssueList,
  line: TaxLine,
  vBC: LayoutDecimal | undefined,
  group: string,
  pRedutor: LayoutDecimal | undefined,
): RtcSphere {
  const rate = need(issues, line, line.aliquota, 'aliquota', group);
  const value = need(issues, line, line.valor, 'valor', group);
  // A government purchase reduces every rate above 0 through gRed, with pRedAliq 0 where the CST
  // has no reduction of its own (UB26-20, UB46-10 obs. 2).
  const pRedAliq =
    optional(issues, line, 'reducao_aliquota_percent', PERCENT) ??
    (pRedutor !== undefined && nonZero(line.aliquota) ? '0.00' : undefined);
  const givenEffective = optional(issues, line, 'aliquota_efetiva', PERCENT);
  const pDif = optional(issues, line, 'diferimento_percent', PERCENT);
  const givenDeferred = optional(issues, line, 'valor_diferido', MONEY);
  const vDevTrib = optional(issues, line, 'valor_devolvido', MONEY);
  if (givenEffective !== undefined && pRedAliq === undefined && given(line.raw.aliquota_efetiva))
    mismatch(issues, line, 'aliquota_efetiva needs reducao_aliquota_percent (gRed)');
  if (givenDeferred !== undefined && pDif === undefined && given(line.raw.valor_diferido))
    mismatch(issues, line, 'valor_diferido needs diferimento_percent (gDif)');

  let applied = rate;
  let reduction: RtcSphere['reduction'];
  if (pRedAliq !== undefined && rate !== '') {
    const pAliqEfet =
      givenEffective ??
      formatAs(
        effectiveRate(
          layoutValue(rate),
          layoutValue(pRedAliq),
          pRedutor === undefined ? undefined : layoutValue(pRedutor),
        ),
        PERCENT,
      );
    reduction = { pRedAliq, pAliqEfet };
    applied = pAliqEfet;
  }
  let deferral: RtcSphere['deferral'];
  if (pDif !== undefined && applied !== '' && vBC !== undefined) {
    const vDif =
      givenDeferred ??
      formatDecimal(deferredValue(layoutValue(vBC), layoutValue(applied), layoutValue(pDif)), 2);
    deferral = { pDif, vDif };
  }
  return {
    rate,
    ...(deferral ? { deferral } : {}),
    ...(vDevTrib !== undefined ? { vDevTrib } : {}),
    ...(reduction ? { reduction } : {}),
    value,
  };
}

/**
 * `det/imposto/IBSCBS` from the item's `ibs_uf`, `ibs_mun` and `cbs` lines: CST and cClassTrib
 * (the same on every line), then gIBSCBS when the CST calls for it (or a line carries values, which
 * the rules then refuse) with vBC from the lines' common `base_calc`, each sphere's rate and value,
 * gRed from `reducao_aliquota_percent`, gDif from `diferimento_percent`, gDevTrib from
 * `valor_devolvido`, and vIBS = vIBSUF + vIBSMun. `undefined` when the item has no such line.
 */
export function buildIbsCbs(
  issues: IssueList,
  index: number,
  lines: TaxLines,
  extras: IbsCbsExtras | undefined,
  pRedutor: LayoutDecimal | undefined,
): { group: RtcIbsCbs; sources: IbsCbsSources } | undefined {
  const sources: IbsCbsSources = {};
  let first: TaxLine | undefined;
  for (const domain of IBS_CBS_DOMAINS) {
    const line = lines[domain];
    if (line) {
      sources[domain] = line;
      first ??= line;
    }
  }
  if (!first) {
    if (extras)
      issues.add(
        groupsPath(index),
        'tax_line_missing',
        "ibs_cbs needs the item's IBS/CBS lines: they give its cst and classificacao_tributaria",
      );
    return undefined;
  }

  let cst: string | undefined;
  let cClassTrib: string | undefined;
  let vBC: LayoutDecimal | undefined;
  let values = false;
  for (const domain of IBS_CBS_DOMAINS) {
    const line = sources[domain];
    if (!line) continue;
    if (hasIcmsEraFields(line.raw))
      for (const field of FOREIGN)
        if (given(line.raw[field])) mismatch(issues, line, `${field} has no place in IBSCBS`);
    if (line.reduction !== undefined)
      mismatch(
        issues,
        line,
        'IBS/CBS reduce the rate, not the base: send base_calc_percent 100 and reducao_aliquota_percent',
      );
    const codes = readCodes(issues, line);
    if (line === first) {
      cst = codes.cst;
      cClassTrib = codes.cClassTrib;
      vBC = line.baseCalc;
    } else {
      if (codes.cst !== undefined && cst !== undefined && codes.cst !== cst)
        issues.at(
          line.path,
          'cst',
          'ibs_cbs_code_conflict',
          `An item has one IBS/CBS CST; '${first.raw.tax_domain}' has ${cst}`,
        );
      if (
        codes.cClassTrib !== undefined &&
        cClassTrib !== undefined &&
        codes.cClassTrib !== cClassTrib
      )
        issues.at(
          line.path,
          'classificacao_tributaria',
          'ibs_cbs_code_conflict',
          `An item has one cClassTrib; '${first.raw.tax_domain}' has ${cClassTrib}`,
        );
      if (line.baseCalc !== undefined && vBC !== undefined && line.baseCalc !== vBC)
        issues.at(
          line.path,
          'base_calc',
          'ibs_cbs_base_conflict',
          `IBS UF, IBS Mun and CBS share one base (gIBSCBS/vBC); '${first.raw.tax_domain}' has ${vBC}`,
        );
    }
    if (carriesValues(line)) values = true;
  }
  if (cst === undefined || cClassTrib === undefined) return undefined;
  const row = IBS_CBS_CSTS.get(cst);
  const others = extras?.groups ?? {};
  // An unknown CST still gets its values written so the rules report UB13-10 on the line.
  if (row?.group !== 'gIBSCBS' && !values) {
    if (extras?.gTribRegular || extras?.gTribCompraGov)
      issues.add(
        groupsPath(index),
        'ibs_cbs_group_mismatch',
        `tributacao_regular and compra_governamental go inside gIBSCBS, which CST ${cst} does not take`,
      );
    return { group: { CST: cst, cClassTrib, ...others }, sources };
  }

  let missing = false;
  for (const domain of IBS_CBS_DOMAINS) {
    if (sources[domain]) continue;
    missing = true;
    issues.add(
      tributosPath(index),
      'tax_line_missing',
      `gIBSCBS needs the '${domain}' line too (IBS UF, IBS Mun and CBS go together; a zero rate is still written)`,
    );
  }
  if (missing) return undefined;
  const uf = sphere(issues, sources.ibs_uf as TaxLine, vBC, 'gIBSUF', pRedutor);
  const mun = sphere(issues, sources.ibs_mun as TaxLine, vBC, 'gIBSMun', pRedutor);
  const cbs = sphere(issues, sources.cbs as TaxLine, vBC, 'gCBS', pRedutor);
  const vIBS =
    uf.value !== '' && mun.value !== ''
      ? formatDecimal(addDecimals(layoutValue(uf.value), layoutValue(mun.value)), 2)
      : '';
  const gIBSCBS: RtcGIbsCbs = {
    vBC: vBC ?? '',
    gIBSUF: uf,
    gIBSMun: mun,
    vIBS,
    gCBS: cbs,
    ...(extras?.gTribRegular ? { gTribRegular: extras.gTribRegular } : {}),
    ...(extras?.gTribCompraGov ? { gTribCompraGov: extras.gTribCompraGov } : {}),
  };
  return { group: { CST: cst, cClassTrib, gIBSCBS, ...others }, sources };
}

/** The request path a broken rule's tag path points at (the line, and its field when one fits). */
export function ibsCbsIssuePath(sources: IbsCbsSources, field: string): IssuePath | undefined {
  const parts = field.split('/');
  const domain: IbsCbsDomain | undefined =
    parts[2] === 'gIBSUF'
      ? 'ibs_uf'
      : parts[2] === 'gIBSMun'
        ? 'ibs_mun'
        : parts[2] === 'gCBS'
          ? 'cbs'
          : undefined;
  const line =
    (domain ? sources[domain] : undefined) ?? sources.ibs_uf ?? sources.ibs_mun ?? sources.cbs;
  if (!line) return undefined;
  const tail = parts.slice(3).join('/');
  const key =
    parts[1] === 'CST'
      ? 'cst'
      : parts[1] === 'cClassTrib'
        ? 'classificacao_tributaria'
        : tail === 'gRed/pAliqEfet'
          ? given(line.raw.aliquota_efetiva)
            ? 'aliquota_efetiva'
            : 'reducao_aliquota_percent'
          : tail === 'gRed'
            ? 'reducao_aliquota_percent'
            : tail === 'gDif/vDif'
              ? given(line.raw.valor_diferido)
                ? 'valor_diferido'
                : 'diferimento_percent'
              : tail === 'gDif'
                ? 'diferimento_percent'
                : /^p(IBSUF|IBSMun|CBS)$/.test(tail)
                  ? 'aliquota'
                  : /^v(IBSUF|IBSMun|CBS)$/.test(tail)
                    ? 'valor'
                    : undefined;
  return key ? [...line.path, key] : line.path;
}
