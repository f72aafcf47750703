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

  /** The sum, exact. */
  get value(): Decimal {
    if (this.#cents === 0) return this.#exact;
    return addDecimals(this.#exact, { coefficient: BigInt(this.#cents), scale: 2 });
  }

  /**
   * The sum in whole cents while only cents were added to it — every money total of a usual
   * document —, so that it is written without BigInt arithmetic; `undefined` otherwise.
   */
  get wholeCents(): number | undefined {
    return this.#exact === ZERO ? this.#cents : undefined;
  }

  /** Nothing above zero was added (every value added is ≥ 0). */
  get isZero(): boolean {
    return this.#cents === 0 && this.#exact.coefficient === 0n;
  }

  #flush(): void {
    if (this.#cents === 0) return;
    this.#exact = addDecimals(this.#exact, { coefficient: BigInt(this.#cents), scale: 2 });
    this.#cents = 0;
  }
}

/** 10^15 cents: the first amount with 14 whole digits, beyond TDec_1302. */
export const CENTS_LIMIT = 1e15;

/** Cents as TDec_1302 text: 6997 → "69.97". */
export function centsText(cents: number): string {
  const fraction = cents % 100;
  return `${(cents - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/**
 * Every running sum of a document, each a named field. A class rather than a record filled in a
 * loop over the names: storing 31 properties under varying keys went through V8's generic keyed
 * store, which made an empty document's sums cost more than its item. `implements` keeps the
 * fields and the name lists above in step.
 */
export class Totals implements Record<SumField, MoneySum> {
  readonly vBC = new MoneySum();
  readonly vICMS = new MoneySum();
  readonly vICMSDeson = new MoneySum();
  readonly vFCPUFDest = new MoneySum();
  readonly vICMSUFDest = new MoneySum();
  readonly vICMSUFRemet = new MoneySum();
  readonly vFCP = new MoneySum();
  readonly vBCST = new MoneySum();
  readonly vST = new MoneySum();
  readonly vFCPST = new MoneySum();
  readonly vFCPSTRet = new MoneySum();
  readonly vProd = new MoneySum();
  readonly vFrete = new MoneySum();
  readonly vSeg = new MoneySum();
  readonly vDesc = new MoneySum();
  readonly vII = new MoneySum();
  readonly vIPI = new MoneySum();
  readonly vIPIDevol = new MoneySum();
  readonly vPIS = new MoneySum();
  readonly vCOFINS = new MoneySum();
  readonly vOutro = new MoneySum();
  readonly qBCMono = new MoneySum();
  readonly vICMSMono = new MoneySum();
  readonly qBCMonoReten = new MoneySum();
  readonly vICMSMonoReten = new MoneySum();
  readonly qBCMonoRet = new MoneySum();
  readonly vICMSMonoRet = new MoneySum();
  readonly vTotTrib = new MoneySum();
  readonly vICMSDesonDeduzido = new MoneySum();
  readonly vPISSTSomado = new MoneySum();
  readonly vCOFINSSTSomado = new MoneySum();
}

/** Adds a checked money value (TDec_1302 layout text), when there is one, to a running total. */
export function accumulate(sum: MoneySum, value: LayoutDecimal | undefined): void {
  if (value !== undefined) sum.addMoneyText(value);
}

/** Adds a computed, exact value to a running total. */
export function accumulateExact(sum: MoneySum, value: Decimal): void {
  sum.addDecimal(value);
}
