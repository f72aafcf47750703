import { decimal, formatDecimal } from '@emissor/nfe-xml/decimal';

/*
 * Money and quantities are compared as scaled integers (bigint), never as binary floats. The text
 * is read by nfe-xml's one decimal parser; the schema already guarantees it is a plain decimal
 * (TDec_*), so scaling is exact.
 */

/** `text` × 10^scale as a bigint; missing or empty text is zero. Extra decimals are truncated. */
export function scaled(text: string | undefined, scale: number): bigint {
  if (!text) return 0n;
  const value = decimal(text);
  const shift = scale - value.scale;
  // BigInt division truncates toward zero: the extra decimals are cut, as the rules compare them.
  return shift >= 0
    ? value.coefficient * 10n ** BigInt(shift)
    : value.coefficient / 10n ** BigInt(-shift);
}

/** Money (2 decimals) as cents. */
export const cents = (text: string | undefined): bigint => scaled(text, 2);

export const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/** Cents written as `123.45`, for messages. */
export function formatCents(value: bigint): string {
  return formatDecimal({ coefficient: value, scale: 2 }, 2);
}
