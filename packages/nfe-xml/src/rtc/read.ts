import { type Decimal, parseDecimal, ZERO } from '../decimal.js';
import type { XmlDecimal } from './document.js';

const POINT = 46;
const ZERO_CHAR = 48;
const NINE_CHAR = 57;

/**
 * The value of decimal text as the XML writes it; absent or not a decimal reads as zero (the schema
 * refuses such text). Unsigned text of up to 15 digits is read as one integer Number and converted
 * once: the rules read every value of every item, and the regex and BigInt of `parseDecimal` were
 * most of their cost.
 */
export function readDecimal(text: XmlDecimal | undefined): Decimal {
  if (text === undefined) return ZERO;
  const length = text.length;
  if (length === 0 || length > 16) return parseDecimal(text) ?? ZERO;
  let coefficient = 0;
  let point = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === POINT && point < 0) point = i;
    else if (c >= ZERO_CHAR && c <= NINE_CHAR) coefficient = coefficient * 10 + (c - ZERO_CHAR);
    else return parseDecimal(text) ?? ZERO;
  }
  if (point === 0 && length === 1) return ZERO;
  return { coefficient: BigInt(coefficient), scale: point < 0 ? 0 : length - point - 1 };
}
