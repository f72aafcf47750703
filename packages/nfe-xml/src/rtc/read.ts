import { type Decimal, parseDecimal, ZERO } from '../decimal.js';
import type { XmlDecimal } from './document.js';

/**
 * The value of decimal text as the XML writes it; absent or not a decimal reads as zero (the schema
 * refuses such text).
 */
export function readDecimal(text: XmlDecimal | undefined): Decimal {
  return text === undefined ? ZERO : (parseDecimal(text) ?? ZERO);
}
