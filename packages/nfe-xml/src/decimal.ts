import { scanDecimalText } from './primitives/decimal-text.js';

/**
 * Exact decimal arithmetic for money and quantities: a BigInt coefficient and a count of
 * fractional digits. Values never pass through binary floating point (docs/api-rules.md, "NF-e content").
 */
export interface Decimal {
  /** The value times 10^scale. */
  readonly coefficient: bigint;
  /** How many fractional digits the coefficient carries (≥ 0). */
  readonly scale: number;
}

const POWERS: bigint[] = [];
function pow10(n: number): bigint {
  let p = POWERS[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    POWERS[n] = p;
  }
  return p;
}

export const ZERO: Decimal = { coefficient: 0n, scale: 0 };

const POINT = 46;
const ZERO_CHAR = 48;
const NINE_CHAR = 57;

/**
 * Parses plain decimal text ("10", "-3.50", ".5", "+1."); `undefined` when it is not one.
 * Exponents, thousands separators and spaces are not decimal text (see `scanDecimalText`). The
 * scale keeps trailing zeros: "1.50" has scale 2.
 */
export function parseDecimal(text: string): Decimal | undefined {
  return parseShortUnsigned(text) ?? parseAnyDecimal(text);
}

/**
 * Unsigned text of up to 15 digits (what nearly every NF-e value is), read as one integer Number
 * (exact below 2^53) and converted once: the builder and the rules read every value of every
 * item, and the slices and digit strings of the general path were most of their cost. Undefined
 * for anything else, which the general path reads.
 */
function parseShortUnsigned(text: string): Decimal | undefined {
  const length = text.length;
  if (length === 0 || length > 16) return undefined;
  let coefficient = 0;
  let point = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO_CHAR && c <= NINE_CHAR) coefficient = coefficient * 10 + (c - ZERO_CHAR);
    else if (c === POINT && point < 0) point = i;
    else return undefined;
  }
  // A lone point is no decimal; 16 digits without one may be beyond 2^53.
  if ((point === 0 && length === 1) || (point < 0 && length === 16)) return undefined;
  return { coefficient: BigInt(coefficient), scale: point < 0 ? 0 : length - point - 1 };
}

function parseAnyDecimal(text: string): Decimal | undefined {
  const parts = scanDecimalText(text);
  if (!parts) return undefined;
  const int = text.slice(parts.intStart, parts.intEnd);
  const frac = parts.hasPoint ? text.slice(parts.fracStart) : '';
  const magnitude = BigInt((int || '0') + frac);
  return { coefficient: parts.negative ? -magnitude : magnitude, scale: frac.length };
}

/** Like `parseDecimal`, but throws a `RangeError` on text that is not a decimal. */
export function decimal(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}

function rescale(value: Decimal, scale: number): bigint {
  if (scale === value.scale) return value.coefficient;
  return value.coefficient * pow10(scale - value.scale);
}

/** a + b, exact. */
export function addDecimals(a: Decimal, b: Decimal): Decimal {
  if (a.scale === b.scale) return { coefficient: a.coefficient + b.coefficient, scale: a.scale };
  const scale = Math.max(a.scale, b.scale);
  return { coefficient: rescale(a, scale) + rescale(b, scale), scale };
}

/** a − b, exact. */
export function subtractDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { coefficient: rescale(a, scale) - rescale(b, scale), scale };
}

/** a × b, exact (the scales add up). */
export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { coefficient: a.coefficient * b.coefficient, scale: a.scale + b.scale };
}

/** −1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The sign of the value: −1, 0 or 1. */
export function signOf(value: Decimal): -1 | 0 | 1 {
  return value.coefficient < 0n ? -1 : value.coefficient > 0n ? 1 : 0;
}

/**
 * Rounds to `places` fractional digits, half away from zero ("half-up" as Brazilian tax rules and
 * the SEFAZ checks of vProd (rejection 629) expect: 0.125 → 0.13, −0.125 → −0.13).
 */
export function roundDecimal(value: Decimal, places: number): Decimal {
  if (value.scale <= places) return { coefficient: rescale(value, places), scale: places };
  const divisor = pow10(value.scale - places);
  const negative = value.coefficient < 0n;
  const magnitude = negative ? -value.coefficient : value.coefficient;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return { coefficient: negative ? -quotient : quotient, scale: places };
}

/**
 * How many fractional digits the value really needs (trailing zeros do not count):
 * "10.500" → 1, "3" → 0.
 */
export function fractionDigits(value: Decimal): number {
  if (value.coefficient === 0n) return 0;
  let { coefficient, scale } = value;
  while (scale > 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  return scale;
}

/** How many digits the integer part has ("0.5" → 1, "123.4" → 3). */
export function integerDigits(value: Decimal): number {
  const magnitude = value.coefficient < 0n ? -value.coefficient : value.coefficient;
  const whole = magnitude / pow10(value.scale);
  return whole.toString().length;
}

/**
 * Text with exactly `places` fractional digits, rounding half away from zero when the value has
 * more. `formatDecimal(decimal("1.005"), 2)` → `"1.01"`; `formatDecimal(decimal("7"), 2)` → `"7.00"`.
 */
export function formatDecimal(value: Decimal, places: number): string {
  const rounded = roundDecimal(value, places);
  const negative = rounded.coefficient < 0n;
  const digits = (negative ? -rounded.coefficient : rounded.coefficient)
    .toString()
    .padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const body = places === 0 ? int : `${int}.${digits.slice(digits.length - places)}`;
  return negative ? `-${body}` : body;
}

/** Canonical text: no trailing fractional zeros, no `+`, `0` for zero ("10.50" → "10.5"). */
export function decimalToString(value: Decimal): string {
  return formatDecimal(value, fractionDigits(value));
}

/** Sums values exactly; the empty sum is zero. */
export function sumDecimals(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const value of values) total = addDecimals(total, value);
  return total;
}
