import { compareDecimals, type Decimal, decimal, subtractDecimals } from '../decimal.js';
import type { IssuePath } from '../errors.js';
import type { NfeTributoLinha } from '../types.js';
import { type CheckedDecimal, checkDecimal, formatAs, MONEY, PERCENT } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';

/** The `tax_domain` vocabulary of decisions.md; anything else is a 422 on that line. */
export const TAX_DOMAINS = ['icms', 'icms_st', 'fcp', 'fcp_st', 'icms_uf_dest', 'ipi', 'pis', 'cofins'] as const;
export type TaxDomain = (typeof TAX_DOMAINS)[number];

const HUNDRED = decimal('100');

/** One tax line with its decimals checked against the layout types they end up in. */
export interface TaxLine {
  readonly path: IssuePath;
  readonly raw: NfeTributoLinha;
  readonly baseCalc: CheckedDecimal | undefined;
  readonly valor: CheckedDecimal | undefined;
  /** 100 − base_calc_percent when that is below 100 (pRedBC / pRedBCST); undefined otherwise. */
  readonly reduction: CheckedDecimal | undefined;
  readonly aliquota: CheckedDecimal | undefined;
  readonly aliquotaSt: CheckedDecimal | undefined;
  readonly fcpPercent: CheckedDecimal | undefined;
  readonly mva: CheckedDecimal | undefined;
}

export type TaxLines = Partial<Record<TaxDomain, TaxLine>>;

function optionalPercent(issues: IssueList, linePath: IssuePath, key: string, value: string | null | undefined): CheckedDecimal | undefined {
  return given(value) ? checkDecimal(issues, linePath, key, value, PERCENT) : undefined;
}

function reductionOf(issues: IssueList, linePath: IssuePath, text: string): CheckedDecimal | undefined {
  // The common case, a full base, needs no arithmetic.
  if (text === '100') return undefined;
  const percent = checkDecimal(issues, linePath, 'base_calc_percent', text, PERCENT);
  if (!percent) return undefined;
  if (compareDecimals(percent.value, HUNDRED) > 0 || compareDecimals(percent.value, decimal('0')) === 0) {
    issues.at(linePath, 'base_calc_percent', 'base_calc_percent_range', 'base_calc_percent must be greater than 0 and at most 100');
    return undefined;
  }
  if (compareDecimals(percent.value, HUNDRED) === 0) return undefined;
  const reduction: Decimal = subtractDecimals(HUNDRED, percent.value);
  return { value: reduction, text: formatAs(reduction, PERCENT) };
}

/**
 * Reads an item's `fiscal_result.tributos[]`: checks each line's decimals where they stand and
 * indexes the lines by domain. An unknown domain or a second line of the same domain is an issue.
 */
export function readTaxLines(issues: IssueList, tributosPath: IssuePath, tributos: readonly NfeTributoLinha[]): TaxLines {
  const lines: TaxLines = {};
  for (let index = 0; index < tributos.length; index++) {
    const raw = tributos[index] as NfeTributoLinha;
    const path = [...tributosPath, index];
    const domain = raw.tax_domain as TaxDomain;
    if (!(TAX_DOMAINS as readonly string[]).includes(raw.tax_domain)) {
      issues.add([...path, 'tax_domain'], 'literal_error', `Input should be ${TAX_DOMAINS.map((d) => `'${d}'`).join(', ')}`);
      continue;
    }
    if (lines[domain]) {
      issues.add(path, 'tax_line_duplicate', `Item has more than one '${domain}' line`);
      continue;
    }
    lines[domain] = {
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
  }
  return lines;
}

/** Reports a line that has no place in the group chosen for the item (decisions.md: a 422 naming the line). */
export function mismatch(issues: IssueList, line: TaxLine, why: string): void {
  issues.add(line.path, 'tax_line_mismatch', `Tax line '${line.raw.tax_domain}' does not fit: ${why}`);
}

/** The value of a field the group needs; reports `missing` on the line when absent. */
export function need(
  issues: IssueList,
  line: TaxLine,
  field: 'baseCalc' | 'valor' | 'aliquota' | 'aliquotaSt' | 'fcpPercent',
  wire: string,
  group: string,
): string | undefined {
  const checked = line[field];
  if (checked) return checked.text;
  const raw = (line.raw as unknown as Record<string, unknown>)[wire];
  // A present but invalid value already has its own issue.
  if (!given(raw)) issues.add([...line.path, wire], 'missing', `Field required for ${group}`);
  return undefined;
}
