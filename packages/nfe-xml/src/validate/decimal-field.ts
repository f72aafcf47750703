import { type Decimal, formatDecimal, fractionDigits, integerDigits, parseDecimal, signOf, ZERO } from '../decimal.js';
import type { IssuePath } from '../errors.js';
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
export const MONEY: DecimalKind = { name: 'TDec_1302', maxWholeDigits: 13, maxPlaces: 2, minOutPlaces: 2, sign: 'nonNegative' };
/** TDec_1104v: quantity, 0–4 places; written with 4 as most emitters (and [S1]) do. */
export const QUANTITY: DecimalKind = { name: 'TDec_1104v', maxWholeDigits: 11, maxPlaces: 4, minOutPlaces: 4, sign: 'positive' };
/** TDec_1110v: unit price, 0–10 places. */
export const UNIT_PRICE: DecimalKind = { name: 'TDec_1110v', maxWholeDigits: 11, maxPlaces: 10, minOutPlaces: 2, sign: 'positive' };
/** TDec_0302a04: percentage, 3 integer digits, 2–4 places. */
export const PERCENT: DecimalKind = { name: 'TDec_0302a04', maxWholeDigits: 3, maxPlaces: 4, minOutPlaces: 2, sign: 'nonNegative' };

/** A checked decimal and its layout text. */
export interface CheckedDecimal {
  readonly value: Decimal;
  readonly text: string;
}

/** Writes a value already known to fit `kind`. */
export function formatAs(value: Decimal, kind: DecimalKind): string {
  return formatDecimal(value, Math.max(kind.minOutPlaces, fractionDigits(value)));
}

const PLUS = 43;
const MINUS = 45;
const POINT = 46;
const ZERO_CHAR = 48;
const NINE_CHAR = 57;

/**
 * The layout text is produced from the digits as written (no arithmetic), and the exact value is
 * only materialised when a total needs it: most tax fields are copied, not summed, and this keeps
 * a 990-item document within a few milliseconds.
 */
class LazyDecimal implements CheckedDecimal {
  #value: Decimal | undefined;
  constructor(readonly text: string) {}
  get value(): Decimal {
    return (this.#value ??= layoutValue(this.text));
  }
}

/**
 * The value of layout text (digits with at most one point, no sign). Up to 15 digits the
 * coefficient is gathered as an integer Number (exact below 2^53) and converted once, which avoids
 * the regex and digit-string concatenation of `parseDecimal`.
 */
function layoutValue(text: string): Decimal {
  const point = text.indexOf('.');
  const scale = point < 0 ? 0 : text.length - point - 1;
  if (text.length > 16) return parseDecimal(text) ?? ZERO;
  let coefficient = 0;
  for (let i = 0; i < text.length; i++) {
    if (i !== point) coefficient = coefficient * 10 + (text.charCodeAt(i) - ZERO_CHAR);
  }
  return { coefficient: BigInt(coefficient), scale };
}

/** The index of the first non-digit at or after `from`. */
function digitsEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < ZERO_CHAR || c > NINE_CHAR) break;
    i++;
  }
  return i;
}

/**
 * Parses and checks decimal text against a layout type. Too many places is an issue, not a
 * rounding: the caller's tax engine owns the values (decisions.md, tax lines).
 *
 * Decimal text is `[+-]?\d*(\.\d*)?` with at least one digit. It is scanned by hand rather than
 * with a regex and `replace`: this runs for every money field of every item (≈40 per item), and
 * the matches and slices were a large part of a 990-item build's garbage.
 */
export function checkDecimal(
  issues: IssueList,
  parent: IssuePath,
  key: string | number,
  text: unknown,
  kind: DecimalKind,
): CheckedDecimal | undefined {
  if (typeof text !== 'string') {
    issues.at(parent, key, text === undefined || text === null ? 'missing' : 'decimal_type', 'Field required as decimal text');
    return undefined;
  }
  const first = text.charCodeAt(0);
  const signed = first === PLUS || first === MINUS;
  const intStart = signed ? 1 : 0;
  const intEnd = digitsEnd(text, intStart);
  const hasPoint = text.charCodeAt(intEnd) === POINT;
  const fracStart = hasPoint ? intEnd + 1 : intEnd;
  const fracEnd = hasPoint ? digitsEnd(text, fracStart) : intEnd;
  if (fracEnd !== text.length || (intEnd === intStart && fracEnd === fracStart)) {
    issues.at(parent, key, 'decimal_parsing', 'Input should be a valid decimal');
    return undefined;
  }
  // The significant digits: integer part without leading zeros, fraction without trailing ones.
  let sigStart = intStart;
  while (sigStart < intEnd && text.charCodeAt(sigStart) === ZERO_CHAR) sigStart++;
  let sigEnd = fracEnd;
  while (sigEnd > fracStart && text.charCodeAt(sigEnd - 1) === ZERO_CHAR) sigEnd--;
  const wholeDigits = intEnd - sigStart;
  const places = sigEnd - fracStart;
  const zero = wholeDigits === 0 && places === 0;
  const negative = first === MINUS;
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
    issues.at(parent, key, 'decimal_max_places', `Decimal input should have no more than ${kind.maxPlaces} decimal places (${kind.name})`);
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
  if (!signed && canonicalInt && canonicalFrac) return new LazyDecimal(text);
  const int = wholeDigits > 0 ? text.slice(sigStart, intEnd) : '0';
  return new LazyDecimal(outPlaces === 0 ? int : `${int}.${text.slice(fracStart, sigEnd)}${'0'.repeat(outPlaces - places)}`);
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
