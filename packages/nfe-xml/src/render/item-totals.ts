import { addDecimals, type Decimal, ZERO } from '../decimal.js';
import type { LayoutDecimal } from '../validate/decimal-field.js';

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

/**
 * ICMSTot fields written only when some item fills them: the monophase fuel sums (quantities of up
 * to 4 places, written rounded to 2) and vTotTrib.
 */
export const OPTIONAL_TOTAL_FIELDS = [
  'qBCMono',
  'vICMSMono',
  'qBCMonoReten',
  'vICMSMonoReten',
  'qBCMonoRet',
  'vICMSMonoRet',
  'vTotTrib',
] as const;
/**
 * Parts of vNF (and vItem) that are no ICMSTot field: vICMSDeson of the items with indDeduzDeson 1,
 * PIS-ST and COFINS-ST of the items with indSomaPISST / indSomaCOFINSST 1.
 */
export const INVOICE_PARTS = ['vICMSDesonDeduzido', 'vPISSTSomado', 'vCOFINSSTSomado'] as const;
/** Every running sum of a document. */
export type SumField =
  TotalField | (typeof OPTIONAL_TOTAL_FIELDS)[number] | (typeof INVOICE_PARTS)[number];

const POINT = 46;
const ZERO_CHAR = 48;
/** 2^52: adding one more value (< 10^15 < 2^50 cents) keeps the Number sum below 2^53, exact. */
const FLUSH_AT = 2 ** 52;

/**
 * A running ICMSTot sum. Money fields arrive as checked TDec_1302 text (exactly two places, at most
 * 15 digits, so below 2^50 cents) and are added as integer cents in a Number, exact while the sum
 * stays below 2^53; it is moved into a BigInt before it could get there. Computed values come as
 * whole cents when they fit (vProd, see product-value.ts) or as exact decimals for the BigInt side.
 * This replaced a parse into a BigInt decimal and a BigInt addition per field, the largest cost of
 * a 990-item build after validation.
 */
export class MoneySum {
  #cents = 0;
  #exact: Decimal = ZERO;

  /** `text` is a checked money value ("12.50"). */
  addMoneyText(text: string): void {
    let cents = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== POINT) cents = cents * 10 + (c - ZERO_CHAR);
    }
    this.addCents(cents);
  }

  /** `cents` is a whole number of cents below 10^15 (a TDec_1302 value). */
  addCents(cents: number): void {
    this.#cents += cents;
    if (this.#cents >= FLUSH_AT) this.#flush();
  }

  addDecimal(value: Decimal): void {
    this.#exact = addDecimals(this.#exact, value);
  }

  /** The whole cents not yet moved into the exact part (see `itemParts`). */
  get pendingCents(): number {
    return this.#cents;
  }

  /** The exact part; a new object whenever cents are moved into it. */
  get exactPart(): Decimal {
    return this.#exact;
  }

  get value(): Decimal {
    this.#flush();
    return this.#exact;
  }

  #flush(): void {
    if (this.#cents === 0) return;
    this.#exact = addDecimals(this.#exact, { coefficient: BigInt(this.#cents), scale: 2 });
    this.#cents = 0;
  }
}

export type Totals = Record<SumField, MoneySum>;

export function emptyTotals(): Totals {
  const totals = {} as Totals;
  for (const field of TOTAL_FIELDS) totals[field] = new MoneySum();
  for (const field of OPTIONAL_TOTAL_FIELDS) totals[field] = new MoneySum();
  for (const field of INVOICE_PARTS) totals[field] = new MoneySum();
  return totals;
}

/** Adds a checked money value (TDec_1302 layout text), when there is one, to a running total. */
export function accumulate(sum: MoneySum, value: LayoutDecimal | undefined): void {
  if (value !== undefined) sum.addMoneyText(value);
}

/** Adds a computed, exact value to a running total. */
export function accumulateExact(sum: MoneySum, value: Decimal): void {
  sum.addDecimal(value);
}

/** The finished sums. */
export function totalValues(totals: Totals): Record<SumField, Decimal> {
  const values = {} as Record<SumField, Decimal>;
  for (const field of TOTAL_FIELDS) values[field] = totals[field].value;
  for (const field of OPTIONAL_TOTAL_FIELDS) values[field] = totals[field].value;
  for (const field of INVOICE_PARTS) values[field] = totals[field].value;
  return values;
}
