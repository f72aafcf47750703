import { addDecimals, type Decimal, formatDecimal, subtractDecimals } from '../decimal.js';
import type { RtcItemValues } from '../rtc/document.js';
import { centsText, type SumField, type Totals } from './item-totals.js';

/** The vItem parts (VB01-10) and the ICMSTot field each one is summed into. */
const PARTS = [
  ['vProd', 'vProd'],
  ['vDesc', 'vDesc'],
  ['vICMSDeson', 'vICMSDesonDeduzido'],
  ['vICMSST', 'vST'],
  ['vICMSMonoReten', 'vICMSMonoReten'],
  ['vFCPST', 'vFCPST'],
  ['vFrete', 'vFrete'],
  ['vSeg', 'vSeg'],
  ['vOutro', 'vOutro'],
  ['vII', 'vII'],
  ['vIPI', 'vIPI'],
  ['vIPIDevol', 'vIPIDevol'],
  ['vPISST', 'vPISSTSomado'],
  ['vCOFINSST', 'vCOFINSSTSomado'],
] as const satisfies readonly (readonly [keyof RtcItemValues, SumField])[];

/** The running totals of the vItem parts, read before and after an item is rendered. */
export interface PartsSnapshot {
  readonly cents: number[];
  readonly exact: Decimal[];
}

/** Reads the running sums without moving their pending cents (a BigInt addition each). */
export function snapshotParts(totals: Totals): PartsSnapshot {
  const cents: number[] = [];
  const exact: Decimal[] = [];
  for (const [, field] of PARTS) {
    const sum = totals[field];
    cents.push(sum.pendingCents);
    exact.push(sum.exactPart);
  }
  return { cents, exact };
}

/**
 * What one item added to each vItem part: the difference of two snapshots. Reading the item's own
 * contribution off the totals counts exactly what its groups placed (an ST value only when its CST
 * takes ST), with no second copy of the placement rules. While the exact part is unchanged the
 * difference is a whole number of cents, exact in a Number.
 */
export function itemParts(before: PartsSnapshot, after: PartsSnapshot): RtcItemValues {
  const values: Record<string, string> = {};
  for (let i = 0; i < PARTS.length; i++) {
    const part = (PARTS[i] as (typeof PARTS)[number])[0];
    const exactBefore = before.exact[i] as Decimal;
    const exactAfter = after.exact[i] as Decimal;
    const centsBefore = before.cents[i] as number;
    const centsAfter = after.cents[i] as number;
    values[part] =
      exactBefore === exactAfter
        ? centsText(centsAfter - centsBefore)
        : formatDecimal(
            subtractDecimals(
              addDecimals(exactAfter, { coefficient: BigInt(centsAfter), scale: 2 }),
              addDecimals(exactBefore, { coefficient: BigInt(centsBefore), scale: 2 }),
            ),
            2,
          );
  }
  return values as unknown as RtcItemValues;
}
