/*
 * Decimal text → printed text, without binary floats: values are split into digits and rounded
 * on the string, so "0.1" stays 0,10 and a 13-digit total keeps every digit.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Whether `text` is plain decimal text as the NF-e writes it (`-`? digits, optional `.` digits). */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Adds 1 to a string of decimal digits (`"099"` → `"100"`, `"99"` → `"100"`). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

/**
 * `text` rounded to exactly `places` decimals, half away from zero (`2.345` → `2.35`,
 * `-2.345` → `-2.35`), as decimal text with a `.`. Throws a `RangeError` on non-decimal text.
 */
export function roundDecimal(text: string, places: number): string {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: "${text}"`);
  const [, sign = '', whole = '0', fraction = ''] = m;
  let kept = whole + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction.charCodeAt(places) || 0) >= 0x35) kept = increment(kept);
  const intLength = kept.length - places;
  const intPart = kept.slice(0, intLength).replace(/^0+(?=\d)/, '') || '0';
  const fracPart = kept.slice(intLength);
  const isZero = /^0*$/.test(intPart + fracPart);
  return `${isZero ? '' : sign}${intPart}${places > 0 ? `.${fracPart}` : ''}`;
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
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: "${text}"`);
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return formatDecimal(text, Math.max(minPlaces, fraction.length));
}

/** Sum of decimal texts, exact (BigInt over a common scale), as decimal text. */
export function sumDecimals(values: readonly string[]): string {
  let scale = 0;
  for (const v of values) {
    const m = DECIMAL.exec(v);
    if (!m) throw new RangeError(`not a decimal: "${v}"`);
    scale = Math.max(scale, (m[3] ?? '').length);
  }
  let total = 0n;
  for (const v of values) {
    const [, sign, whole = '0', fraction = ''] = DECIMAL.exec(v) ?? [];
    const units = BigInt(whole + fraction.padEnd(scale, '0'));
    total += sign === '-' ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  const fracPart = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${intPart}${scale > 0 ? `.${fracPart}` : ''}`;
}

/** Whether decimal text is zero (`0`, `0.00`, `-0.0`). */
export function isZeroDecimal(text: string): boolean {
  return /^-?0*(\.0*)?$/.test(text);
}
