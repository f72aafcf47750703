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
import {
  hasSpecialField,
  MORE_TAX_DOMAINS,
  type MoreTaxDomain,
  refuseMisplacedFields,
} from './more-tax-lines.js';

/** The `tax_domain` vocabulary (docs/api-rules.md "Tax lines"); anything else is a 422 on that line. `byDomain` follows this order. */
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
  ...MORE_TAX_DOMAINS,
] as const;
export type TaxDomain = (typeof TAX_DOMAINS)[number];
/** Slots from here on hold the domains of MORE_TAX_DOMAINS. */
const FIRST_MORE_SLOT = 12;
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
  /** Whether the line has a field beyond base, rates and value (see more-tax-lines.ts). */
  readonly special: boolean;
}

type CoreTaxDomain = Exclude<TaxDomain, MoreTaxDomain>;
/** The lines of an item by domain; `more` is set only when the item has a line of MORE_TAX_DOMAINS. */
export type TaxLines = Record<CoreTaxDomain, TaxLine | undefined> & {
  readonly more: MoreTaxLines | undefined;
};
/** The lines of MORE_TAX_DOMAINS an item has. */
export type MoreTaxLines = Readonly<Partial<Record<MoreTaxDomain, TaxLine>>>;

/** Names the lines gathered by position: slot i holds the line of TAX_DOMAINS[i]. */
function byDomain(
  slots: readonly (TaxLine | undefined)[],
  more: MoreTaxLines | undefined,
): TaxLines {
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
    more,
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
  let moreLines: Partial<Record<MoreTaxDomain, TaxLine>> | undefined;
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
    const more = slot >= FIRST_MORE_SLOT ? (moreLines ??= {}) : undefined;
    const domain = raw.tax_domain as MoreTaxDomain;
    if ((more ? more[domain] : slots[slot]) !== undefined) {
      issues.add(path, 'tax_line_duplicate', `Item has more than one '${raw.tax_domain}' line`);
      continue;
    }
    const special = hasSpecialField(raw);
    const line: TaxLine = {
      path,
      raw,
      baseCalc: checkDecimal(issues, path, 'base_calc', raw.base_calc, MONEY),
      valor: checkDecimal(issues, path, 'valor', raw.valor, MONEY),
      reduction: reductionOf(issues, path, raw.base_calc_percent),
      aliquota: optionalPercent(issues, path, 'aliquota', raw.aliquota),
      aliquotaSt: optionalPercent(issues, path, 'aliquota_st', raw.aliquota_st),
      fcpPercent: optionalPercent(issues, path, 'fcp_percent', raw.fcp_percent),
      mva: optionalPercent(issues, path, 'mva', raw.mva),
      special,
    };
    if (more) more[domain] = line;
    else slots[slot] = line;
    if (special) refuseMisplacedFields(issues, path, raw);
  }
  return byDomain(slots, moreLines);
}

/** Reports a line that has no place in the group chosen for the item (docs/api-rules.md "Tax lines": a 422 naming the line). */
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
