import { addDecimals, type Decimal, ZERO } from '../decimal.js';

/** The ICMSTot fields an item contributes to (leiauteNFe `total/ICMSTot`, each the sum of the item fields). */
export const TOTAL_FIELDS = [
  'vBC',
  'vICMS',
  'vICMSDeson',
  'vFCPUFDest',
  'vICMSUFDest',
  'vICMSUFRemet',
  'vFCP',
  'vBCST',
  'vST',
  'vFCPST',
  'vFCPSTRet',
  'vProd',
  'vFrete',
  'vSeg',
  'vDesc',
  'vII',
  'vIPI',
  'vIPIDevol',
  'vPIS',
  'vCOFINS',
  'vOutro',
] as const;
export type TotalField = (typeof TOTAL_FIELDS)[number];

export type Totals = Record<TotalField, Decimal>;

export function emptyTotals(): Totals {
  const totals = {} as Totals;
  for (const field of TOTAL_FIELDS) totals[field] = ZERO;
  return totals;
}

/** Adds a checked value to a running total. */
export function accumulate(totals: Totals, field: TotalField, value: Decimal | undefined): void {
  if (value) totals[field] = addDecimals(totals[field], value);
}
