/*
 * Money and quantities are compared as scaled integers (bigint), never as binary floats: the
 * schema already guarantees the text is a plain decimal (TDec_*), so scaling is exact.
 */

/** `text` × 10^scale as a bigint; missing or empty text is zero. Extra decimals are truncated. */
export function scaled(text: string | undefined, scale: number): bigint {
  if (!text) return 0n;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -digits : digits;
}

/** Money (2 decimals) as cents. */
export const cents = (text: string | undefined): bigint => scaled(text, 2);

export const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/** Cents written as `123.45`, for messages. */
export function formatCents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const digits = abs(value).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
