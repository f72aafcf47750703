import {
  compareDecimals,
  decimal,
  formatDecimal as fixedDecimal,
  fractionDigits,
  parseDecimal,
  sumDecimals as sumExact,
} from '@emissor/nfe-xml/decimal';
import { scanDecimalText } from '@emissor/nfe-xml/primitives';

/*
 * Decimal text → printed text with the exact decimals of @emissor/nfe-xml (never binary floats),
 * so "0.1" stays 0,10 and a 13-digit total keeps every digit. Only the pt-BR writing is the
 * DANFE's own.
 */

const PLUS = 0x2b;

/**
 * Whether `text` is decimal text as the NF-e writes it: the library's decimal text without a `+`
 * and without a lone point (`.5`, `5.`), i.e. `-`? digits, optionally `.` digits.
 */
export function isDecimal(text: string): boolean {
  const parts = scanDecimalText(text);
  return (
    parts !== undefined &&
    text.charCodeAt(0) !== PLUS &&
    parts.intEnd > parts.intStart &&
    (!parts.hasPoint || parts.fracStart < text.length)
  );
}

/**
 * `text` rounded to exactly `places` decimals, half away from zero (`2.345` → `2.35`,
 * `-2.345` → `-2.35`), as decimal text with a `.`. Throws a `RangeError` on non-decimal text.
 */
export function roundDecimal(text: string, places: number): string {
  return fixedDecimal(decimal(text), places);
}

/** Groups the integer part by thousands with `.` and writes the decimal comma (pt-BR). */
function brazilian(text: string): string {
  const [intPart = '', fracPart] = text.split('.');
  const negative = intPart.startsWith('-');
  const digits = negative ? intPart.slice(1) : intPart;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${fracPart === undefined ? '' : `,${fracPart}`}`;
}

/** `1234.5` → `1.234,50` with `places` decimals (money: 2). */
export function formatDecimal(text: string, places: number): string {
  return brazilian(roundDecimal(text, places));
}

/** Money as the DANFE prints it, 2 decimals (`1.234,50`); an absent value prints nothing. */
export function formatMoney(text: string | undefined): string {
  return text === undefined ? '' : formatDecimal(text, 2);
}

/**
 * A rate as the XML has it, at least `minPlaces` decimals and trailing zeros beyond them dropped
 * (`18.0000` → `18,00`, `0.9250` → `0,925`): the value is never rounded.
 */
export function formatRate(text: string, minPlaces = 2): string {
  const value = decimal(text);
  return brazilian(fixedDecimal(value, Math.max(minPlaces, fractionDigits(value))));
}

/** Sum of decimal texts, exact, as decimal text with the largest scale among them. */
export function sumDecimals(values: readonly string[]): string {
  const total = sumExact(values.map(decimal));
  return fixedDecimal(total, total.scale);
}

/** Whether decimal text is zero (`0`, `0.00`, `-0.0`). */
export function isZeroDecimal(text: string): boolean {
  return parseDecimal(text)?.coefficient === 0n;
}

/** Whether two decimal texts write the same value (`1.50` and `1.5`). */
export function sameDecimal(a: string, b: string): boolean {
  return compareDecimals(decimal(a), decimal(b)) === 0;
}
