import { compareDecimals, type Decimal, decimal, subtractDecimals } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { NfeTributoLinha } from '../types.js';
import {
  checkDecimal,
  formatAs,
  type LayoutDecimal,
  layoutValue,
  MONEY,
  PERCENT,
} from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';
import { taxLinePath } from './item-paths.js';

/** The `tax_domain` vocabulary of decisions.md; anything else is a 422 on that line. `byDomain` follows this order. */
export const TAX_DOMAINS = [
  'icms',
  'icms_st',
  'fcp',
  'fcp_st',
  'icms_uf_dest',
  'ipi',
  'pis',
  'cofins',
  'cbs',
  'ibs_uf',
  'ibs_mun',
  'is',
] as const;
export type TaxDomain = (typeof TAX_DOMAINS)[number];
/** A domain's position in TAX_DOMAINS. */
const SLOT_OF_DOMAIN: ReadonlyMap<unknown, number> = new Map(
  TAX_DOMAINS.map((domain, slot) => [domain, slot]),
);

const HUNDRED = decimal('100');

/** One tax line with its decimals checked against the layout types they end up in. */
export interface TaxLine {
  readonly path: IssuePath;
  readonly raw: NfeTributoLinha;
  readonly baseCalc: LayoutDecimal | undefined;
  readonly valor: LayoutDecimal | undefined;
  /** 100 − base_calc_percent when that is below 100 (pRedBC / pRedBCST); undefined otherwise. */
  readonly reduction: LayoutDecimal | undefined;
  readonly aliquota: LayoutDecimal | undefined;
  readonly aliquotaSt: LayoutDecimal | undefined;
  readonly fcpPercent: LayoutDecimal | undefined;
  readonly mva: LayoutDecimal | undefined;
}

export type TaxLines = Record<TaxDomain, TaxLine | undefined>;

/** Names the lines gathered by position: slot i holds the line of TAX_DOMAINS[i]. */
function byDomain(slots: readonly (TaxLine | undefined)[]): TaxLines {
  return {
    icms: slots[0],
    icms_st: slots[1],
    fcp: slots[2],
    fcp_st: slots[3],
    icms_uf_dest: slots[4],
    ipi: slots[5],
    pis: slots[6],
    cofins: slots[7],
    cbs: slots[8],
    ibs_uf: slots[9],
    ibs_mun: slots[10],
    is: slots[11],
  };
}

function optionalPercent(
  issues: IssueList,
  linePath: IssuePath,
  key: string,
  value: string | null | undefined,
): LayoutDecimal | undefined {
  return given(value) ? checkDecimal(issues, linePath, key, value, PERCENT) : undefined;
}

function reductionOf(
  issues: IssueList,
  linePath: IssuePath,
  text: string,
): LayoutDecimal | undefined {
  // The common case, a full base, needs no arithmetic.
  if (text === '100') return undefined;
  const checked = checkDecimal(issues, linePath, 'base_calc_percent', text, PERCENT);
  if (checked === undefined) return undefined;
  const percent = layoutValue(checked);
  if (compareDecimals(percent, HUNDRED) > 0 || compareDecimals(percent, decimal('0')) === 0) {
    issues.at(
      linePath,
      'base_calc_percent',
      'base_calc_percent_range',
      'base_calc_percent must be greater than 0 and at most 100',
    );
    return undefined;
  }
  if (compareDecimals(percent, HUNDRED) === 0) return undefined;
  const reduction: Decimal = subtractDecimals(HUNDRED, percent);
  return formatAs(reduction, PERCENT);
}

/**
 * Reads an item's `fiscal_result.tributos[]`: checks each line's decimals where they stand and
 * indexes the lines by domain. An unknown domain or a second line of the same domain is an issue.
 */
export function readTaxLines(
  issues: IssueList,
  item: number,
  tributos: readonly NfeTributoLinha[],
): TaxLines {
  // Gathered by position and named once: storing each line under its domain name was a generic
  // keyed access, per line.
  const slots: (TaxLine | undefined)[] = [
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ];
  for (let index = 0; index < tributos.length; index++) {
    const raw = tributos[index] as NfeTributoLinha;
    const path = taxLinePath(item, index);
    const slot = SLOT_OF_DOMAIN.get(raw.tax_domain);
    if (slot === undefined) {
      issues.add(
        [...path, 'tax_domain'],
        'literal_error',
        `Input should be ${TAX_DOMAINS.map((d) => `'${d}'`).join(', ')}`,
      );
      continue;
    }
    if (slots[slot] !== undefined) {
      issues.add(path, 'tax_line_duplicate', `Item has more than one '${raw.tax_domain}' line`);
      continue;
    }
    slots[slot] = {
      path,
      raw,
      baseCalc: checkDecimal(issues, path, 'base_calc', raw.base_calc, MONEY),
      valor: checkDecimal(issues, path, 'valor', raw.valor, MONEY),
      reduction: reductionOf(issues, path, raw.base_calc_percent),
      aliquota: optionalPercent(issues, path, 'aliquota', raw.aliquota),
      aliquotaSt: optionalPercent(issues, path, 'aliquota_st', raw.aliquota_st),
      fcpPercent: optionalPercent(issues, path, 'fcp_percent', raw.fcp_percent),
      mva: optionalPercent(issues, path, 'mva', raw.mva),
    };
    if (slot < FIRST_RTC_SLOT) refuseRtcFields(issues, path, raw);
  }
  return byDomain(slots);
}

/** Slots from here on hold the IBS/CBS/IS lines (reforma tributária). */
const FIRST_RTC_SLOT = 8;

/** The line fields only IBS/CBS/IS lines use. */
export const RTC_FIELDS = [
  'classificacao_tributaria',
  'reducao_aliquota_percent',
  'aliquota_efetiva',
  'diferimento_percent',
  'valor_diferido',
  'valor_devolvido',
  'aliquota_especifica',
  'unidade_tributavel',
  'quantidade_tributavel',
] as const;

/** A line of the ICMS/IPI/PIS/COFINS domains with a reforma-tributária field is a 422 on that field. */
function refuseRtcFields(issues: IssueList, path: IssuePath, raw: NfeTributoLinha): void {
  // Named reads first: a keyed read per field name (`raw[field]`) on every line of every item cost
  // a tenth of a 990-item build; the loop runs only for a line that has one of them.
  const any =
    given(raw.classificacao_tributaria) ||
    given(raw.reducao_aliquota_percent) ||
    given(raw.aliquota_efetiva) ||
    given(raw.diferimento_percent) ||
    given(raw.valor_diferido) ||
    given(raw.valor_devolvido) ||
    given(raw.aliquota_especifica) ||
    given(raw.unidade_tributavel) ||
    given(raw.quantidade_tributavel);
  if (!any) return;
  for (const field of RTC_FIELDS) {
    if (given(raw[field]))
      issues.at(
        path,
        field,
        'tax_line_mismatch',
        `Tax line '${raw.tax_domain}' does not fit: ${field} belongs to the cbs, ibs_uf, ibs_mun and is lines`,
      );
  }
}

/** Reports a line that has no place in the group chosen for the item (decisions.md: a 422 naming the line). */
export function mismatch(issues: IssueList, line: TaxLine, why: string): void {
  issues.add(
    line.path,
    'tax_line_mismatch',
    `Tax line '${line.raw.tax_domain}' does not fit: ${why}`,
  );
}

/**
 * `checked`, a field of `line` the group needs. When it is absent the line gets a `missing` issue
 * (or already has one for an invalid value) and the text is empty: the document is not returned.
 */
export function need(
  issues: IssueList,
  line: TaxLine,
  checked: LayoutDecimal | undefined,
  wire: 'base_calc' | 'valor' | 'aliquota' | 'aliquota_st' | 'fcp_percent',
  group: string,
): string {
  if (checked !== undefined) return checked;
  const raw = line.raw[wire];
  // A present but invalid value already has its own issue.
  if (!given(raw)) issues.add([...line.path, wire], 'missing', `Field required for ${group}`);
  return '';
}
