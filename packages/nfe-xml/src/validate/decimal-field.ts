import {
  type Decimal,
  formatDecimal,
  fractionDigits,
  integerDigits,
  parseDecimal,
  signOf,
  ZERO,
} from '../decimal.js';
import type { IssuePath } from '../errors.js';
import { scanDecimalText } from '../primitives/decimal-text.js';
import type { IssueList } from './issues.js';

/** A decimal layout type (tiposBasico_v4.00.xsd, domain doc §2.8). */
export interface DecimalKind {
  readonly name: string;
  readonly maxWholeDigits: number;
  readonly maxPlaces: number;
  /** Fractional digits written: at least `minOutPlaces`, more when the value has them. */
  readonly minOutPlaces: number;
  /** `positive`: > 0; `nonNegative`: ≥ 0. */
  readonly sign: 'positive' | 'nonNegative';
}

/** TDec_1302: money, 13 integer digits, written with exactly 2 places. */
export const MONEY: DecimalKind = {
  name: 'TDec_1302',
  maxWholeDigits: 13,
  maxPlaces: 2,
  minOutPlaces: 2,
  sign: 'nonNegative',
};
/** TDec_1104v: quantity, 0–4 places; written with 4 as most emitters (and [S1]) do. */
export const QUANTITY: DecimalKind = {
  name: 'TDec_1104v',
  maxWholeDigits: 11,
  maxPlaces: 4,
  minOutPlaces: 4,
  sign: 'positive',
};
/** TDec_1110v: unit price, 0–10 places. */
export const UNIT_PRICE: DecimalKind = {
  name: 'TDec_1110v',
  maxWholeDigits: 11,
  maxPlaces: 10,
  minOutPlaces: 2,
  sign: 'positive',
};
/** TDec_0302a04: percentage, 3 integer digits, 2–4 places. */
export const PERCENT: DecimalKind = {
  name: 'TDec_0302a04',
  maxWholeDigits: 3,
  maxPlaces: 4,
  minOutPlaces: 2,
  sign: 'nonNegative',
};

/**
 * A checked decimal as the layout writes it ("12.50"): digits and at most one point, no sign.
 * Checks hand back this text rather than a value: nearly every tax field is copied to the
 * document, not computed with, and a string costs no allocation when the request already has the
 * layout form. `layoutValue` gives the exact value when a total or a comparison needs it.
 */
export type LayoutDecimal = string;

/** Writes a value already known to fit `kind`. */
export function formatAs(value: Decimal, kind: DecimalKind): string {
  return formatDecimal(value, Math.max(kind.minOutPlaces, fractionDigits(value)));
}

/** The exact value of layout text. */
export function layoutValue(text: LayoutDecimal): Decimal {
  return parseDecimal(text) ?? ZERO;
}

const ZEROS = Array.from({ length: 11 }, (_, n) => '0'.repeat(n));
const POINT_AND_ZEROS = ZEROS.map((z) => `.${z}`);

/** `n` zeros; the layout types need at most 10. */
function zeros(n: number): string {
  return ZEROS[n] ?? '0'.repeat(n);
}

function pointAndZeros(n: number): string {
  return POINT_AND_ZEROS[n] ?? `.${'0'.repeat(n)}`;
}

/**
 * Parses and checks decimal text against a layout type. Too many places is an issue, not a
 * rounding: the caller's tax engine owns the values (docs/api-rules.md, "NF-e content").
 *
 * Decimal text is read by `scanDecimalText` (the contract's reading too), whose indexes let the
 * layout form be checked and written without a regex or a `replace`: this runs for every decimal
 * of every item (≈25 per item), and matches and slices were a large part of a 990-item build's time.
 */
export function checkDecimal(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  text: unknown,
  kind: DecimalKind,
): LayoutDecimal | undefined {
  if (typeof text !== 'string') {
    issues.at(
      parent,
      key,
      text === undefined || text === null ? 'missing' : 'decimal_type',
      'Field required as decimal text',
    );
    return undefined;
  }
  const parts = scanDecimalText(text);
  if (parts === undefined) {
    issues.at(parent, key, 'decimal_parsing', 'Input should be a valid decimal');
    return undefined;
  }
  const { negative, signed, intStart, intEnd, hasPoint, fracStart } = parts;
  const sigStart = parts.significantStart;
  const sigEnd = parts.significantEnd;
  const fracEnd = text.length;
  const wholeDigits = intEnd - sigStart;
  const places = sigEnd - fracStart;
  const zero = wholeDigits === 0 && places === 0;
  if (kind.sign === 'positive' && (zero || negative)) {
    issues.at(parent, key, 'greater_than', 'Input should be greater than 0');
    return undefined;
  }
  if (kind.sign === 'nonNegative' && !zero && negative) {
    issues.at(parent, key, 'greater_than_equal', 'Input should be greater than or equal to 0');
    return undefined;
  }
  let ok = true;
  if (places > kind.maxPlaces) {
    issues.at(
      parent,
      key,
      'decimal_max_places',
      `Decimal input should have no more than ${kind.maxPlaces} decimal places (${kind.name})`,
    );
    ok = false;
  }
  if (wholeDigits > kind.maxWholeDigits) {
    issues.at(
      parent,
      key,
      'decimal_whole_digits',
      `Decimal input should have no more than ${kind.maxWholeDigits} digits before the decimal point (${kind.name})`,
    );
    ok = false;
  }
  if (!ok) return undefined;
  const outPlaces = Math.max(kind.minOutPlaces, places);
  // Already in layout form ("12.50" for money): reuse the request's string instead of rebuilding it.
  const canonicalInt = wholeDigits > 0 ? sigStart === intStart : intEnd - intStart === 1;
  const canonicalFrac = outPlaces === 0 ? !hasPoint : fracEnd - fracStart === outPlaces;
  if (!signed && canonicalInt && canonicalFrac) return text;
  if (outPlaces === 0) return wholeDigits > 0 ? text.slice(sigStart, intEnd) : '0';
  // Usually only zeros are missing ("18" → "18.00", "1.4" → "1.40"): the written digits are kept
  // as one slice (the whole string when nothing is dropped) and the zeros appended.
  if (!signed && canonicalInt) {
    return places === 0
      ? text.slice(0, intEnd) + pointAndZeros(outPlaces)
      : text.slice(0, sigEnd) + zeros(outPlaces - places);
  }
  const int = wholeDigits > 0 ? text.slice(sigStart, intEnd) : '0';
  return `${int}.${text.slice(fracStart, sigEnd)}${zeros(outPlaces - places)}`;
}

/** Checks a computed value (a sum or product) against a type; adds an issue at `path` when too big. */
export function checkComputed(
  issues: IssueList,
  path: IssuePath,
  value: Decimal,
  kind: DecimalKind,
  what: string,
): string | undefined {
  if (integerDigits(value) > kind.maxWholeDigits || signOf(value) < 0) {
    issues.add(path, 'value_out_of_layout', `${what} does not fit ${kind.name}`);
    return undefined;
  }
  return formatAs(value, kind);
}
