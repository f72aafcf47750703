/**
 * The one reading of the spec's "decimal string" (`^[+-]?(\d+\.?\d*|\.\d+)$`: an optional sign,
 * ASCII digits and an optional point, never signs and points alone) that the contract, this
 * library's exact decimals and its layout checks all share. It has no imports, so the contract can
 * use it (and the client can carry it) without the rest of the library.
 */

/** Where the parts of a decimal text lie, as indexes into it. */
export interface DecimalTextParts {
  /** The text starts with `-`. */
  readonly negative: boolean;
  /** The text starts with `+` or `-`. */
  readonly signed: boolean;
  /** First character of the integer part (after the sign). */
  readonly intStart: number;
  /** First integer digit after the leading zeros (`intEnd` when all are zeros). */
  readonly significantStart: number;
  /** Just past the integer part. */
  readonly intEnd: number;
  /** A point follows the integer part. */
  readonly hasPoint: boolean;
  /** First fractional digit (`intEnd` when there is no point). */
  readonly fracStart: number;
  /** Just past the last non-zero fractional digit (`fracStart` when there is none). */
  readonly significantEnd: number;
}

const PLUS = 43;
const MINUS = 45;
const POINT = 46;
const ZERO = 48;
const NINE = 57;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/**
 * The parts of `text` when it is decimal text, undefined otherwise. One scan over char codes
 * instead of a regex and slices: it runs for every decimal of every request and item. Reads stay
 * within the text (a `charCodeAt` past the end, NaN, made V8 drop the optimised code).
 */
export function scanDecimalText(text: string): DecimalTextParts | undefined {
  const length = text.length;
  const first = length > 0 ? text.charCodeAt(0) : 0;
  const negative = first === MINUS;
  const signed = negative || first === PLUS;
  const intStart = signed ? 1 : 0;
  let i = intStart;
  while (i < length && text.charCodeAt(i) === ZERO) i++;
  const significantStart = i;
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  const intEnd = i;
  const hasPoint = i < length && text.charCodeAt(i) === POINT;
  const fracStart = hasPoint ? ++i : i;
  let significantEnd = fracStart;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) break;
    i++;
    if (code !== ZERO) significantEnd = i;
  }
  if (i !== length || (intEnd === intStart && i === fracStart)) return undefined;
  return {
    negative,
    signed,
    intStart,
    significantStart,
    intEnd,
    hasPoint,
    fracStart,
    significantEnd,
  };
}

/**
 * Canonical text of a decimal text, or undefined when `text` is not one: no `+`, no leading zeros,
 * no trailing fractional zeros, no lone point, and `0` for every zero (`-0.00` included), so equal
 * values give equal strings that callers can compare and hash.
 */
export function canonicalDecimalText(text: string): string | undefined {
  const parts = scanDecimalText(text);
  if (parts === undefined) return undefined;
  const { negative, significantStart, intEnd, fracStart, significantEnd } = parts;
  const int = significantStart < intEnd ? text.slice(significantStart, intEnd) : '0';
  const magnitude =
    significantEnd > fracStart ? `${int}.${text.slice(fracStart, significantEnd)}` : int;
  return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
}
