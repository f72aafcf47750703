import type { DecimalKind, LayoutDecimal } from '../validate/decimal-field.js';
import { checkDecimal } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import { checkLiteral, given } from '../validate/text.js';
import type { TaxLine } from './tax-lines.js';

/*
 * The decimal fields a few groups read from a line beyond base, rates and value (read-time checks
 * cover those): each is checked against the layout type of the element it fills, where it is used.
 */

/** The optional decimal fields of a tax line that some group reads. */
export type SpecialDecimalField =
  | 'valor_substituto'
  | 'operacao_propria_percent'
  | 'diferimento_percent'
  | 'valor_diferido'
  | 'aliquota_especifica'
  | 'quantidade_tributavel'
  | 'reducao_aliquota_percent'
  | 'valor_despesas_aduaneiras'
  | 'valor_iof';

/** TDec_1104v (qBCMono…, PIS/COFINS vAliqProd): 11 integer digits, 0–4 places, written with 4. */
export const QUANTITY_OR_ZERO: DecimalKind = {
  name: 'TDec_1104v',
  maxWholeDigits: 11,
  maxPlaces: 4,
  minOutPlaces: 4,
  sign: 'nonNegative',
};

/** `field` of `line` checked as `kind`; undefined when absent (or invalid: it then has its issue). */
export function lineDecimal(
  issues: IssueList,
  line: TaxLine,
  field: SpecialDecimalField,
  kind: DecimalKind,
): LayoutDecimal | undefined {
  const value = line.raw[field];
  return given(value) ? checkDecimal(issues, line.path, field, value, kind) : undefined;
}

/** `field` of `line`, required by `group`: a `missing` issue when absent; '' when not usable. */
export function needDecimal(
  issues: IssueList,
  line: TaxLine,
  field: SpecialDecimalField,
  kind: DecimalKind,
  group: string,
): string {
  const value = line.raw[field];
  if (!given(value)) {
    issues.at(line.path, field, 'missing', `Field required for ${group}`);
    return '';
  }
  return checkDecimal(issues, line.path, field, value, kind) ?? '';
}

/** A 0/1 flag of a line (`compoe_total`); `fallback` when absent. */
export function lineFlag(issues: IssueList, line: TaxLine, fallback: string | undefined) {
  const value = line.raw.compoe_total;
  if (!given(value)) return fallback;
  return checkLiteral(issues, line.path, 'compoe_total', value, ['0', '1'] as const);
}
