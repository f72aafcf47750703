import { type Decimal, formatDecimal, subtractDecimals } from '../decimal.js';
import type { RtcItemValues } from '../rtc/document.js';
import type { TotalField, Totals } from './item-totals.js';

/** The vItem parts (VB01-10) and the ICMSTot field each one is summed into. */
const PARTS = [
  ['vProd', 'vProd'],
  ['vDesc', 'vDesc'],
  ['vICMSST', 'vST'],
  ['vFCPST', 'vFCPST'],
  ['vFrete', 'vFrete'],
  ['vSeg', 'vSeg'],
  ['vOutro', 'vOutro'],
  ['vII', 'vII'],
  ['vIPI', 'vIPI'],
  ['vIPIDevol', 'vIPIDevol'],
] as const satisfies readonly (readonly [keyof RtcItemValues, TotalField])[];

/** The running totals of the vItem parts, read before and after an item is rendered. */
export function snapshotParts(totals: Totals): Decimal[] {
  return PARTS.map(([, field]) => totals[field].value);
}

/**
 * What one item added to each vItem part: the difference of two snapshots. Reading the item's own
 * contribution off the totals counts exactly what its groups placed (an ST value only when its CST
 * takes ST), with no second copy of the placement rules.
 */
export function itemParts(before: readonly Decimal[], after: readonly Decimal[]): RtcItemValues {
  const values: Record<string, string> = {};
  PARTS.forEach(([part], i) => {
    values[part] = formatDecimal(subtractDecimals(after[i] as Decimal, before[i] as Decimal), 2);
  });
  return values as unknown as RtcItemValues;
}
