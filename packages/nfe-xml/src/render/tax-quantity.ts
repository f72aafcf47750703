import { QUANTITY_1204, RATE_1104 } from '../validate/item-decimal-kinds.js';
import type { IssueList } from '../validate/issues.js';
import { given } from '../validate/text.js';
import { needDecimal } from './tax-line-values.js';
import type { TaxLine } from './tax-lines.js';

/*
 * Taxation by quantity (IPI qUnid × vUnid, PIS/COFINS qBCProd × vAliqProd): the line's
 * `quantidade_tributavel` and `aliquota_especifica` (an amount per unit, 4 places) replace
 * base × percentage. Its base_calc then has no place in the XML.
 */

/** Whether the line is taxed by quantity (it gives quantidade_tributavel or aliquota_especifica). */
export function quantityFieldsGiven(line: TaxLine): boolean {
  return (
    line.special && (given(line.raw.quantidade_tributavel) || given(line.raw.aliquota_especifica))
  );
}

/** The quantity (TDec_1204v) and the amount per unit (TDec_1104) of a line taxed by quantity. */
export function byQuantity(
  issues: IssueList,
  line: TaxLine,
  group: string,
  percentField: 'aliquota',
): { quantity: string; rate: string } {
  const quantity = needDecimal(issues, line, 'quantidade_tributavel', QUANTITY_1204, group);
  const rate = needDecimal(issues, line, 'aliquota_especifica', RATE_1104, group);
  if (given(line.raw[percentField]))
    issues.at(
      line.path,
      percentField,
      'tax_line_mismatch',
      `${group} taxed by quantity has no percentage: aliquota_especifica (per unit) replaces aliquota`,
    );
  return { quantity, rate };
}
