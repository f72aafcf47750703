import { type Decimal, roundDecimal } from '../decimal.js';
import { checkComputed, MONEY } from '../validate/decimal-field.js';
import type { IssueList } from '../validate/issues.js';
import type { Totals } from './item-totals.js';

const MONO_FIELDS = [
  'qBCMono',
  'vICMSMono',
  'qBCMonoReten',
  'vICMSMonoReten',
  'qBCMonoRet',
  'vICMSMonoRet',
] as const;

function written(issues: IssueList, value: Decimal, field: string): string {
  // The item quantities have up to 4 places; ICMSTot holds them as TDec_1302 (2 places).
  const rounded = value.scale > 2 ? roundDecimal(value, 2) : value;
  return checkComputed(issues, ['itens'], rounded, MONEY, `total ${field}`) ?? '';
}

/**
 * ICMSTot's monophase fuel sums (qBCMono … vICMSMonoRet), after vFCPSTRet: written only when some
 * item has a monophase group (CST 02, 15, 53, 61), every one of them then.
 */
export function monophaseTotals(issues: IssueList, sums: Totals): string {
  if (MONO_FIELDS.every((field) => sums[field].isZero)) return '';
  let xml = '';
  for (const field of MONO_FIELDS)
    xml += `<${field}>${written(issues, sums[field].value, field)}</${field}>`;
  return xml;
}

/** ICMSTot/vTotTrib, after vNF: the items' approximate tax burden, when some item states one. */
export function approximateTaxTotal(issues: IssueList, sums: Totals): string {
  if (sums.vTotTrib.isZero) return '';
  return `<vTotTrib>${written(issues, sums.vTotTrib.value, 'vTotTrib')}</vTotTrib>`;
}
