/*
 * Decimal text and JSON numbers: how a number a JSON parser made is written as decimal text, and
 * whether two texts (exponents allowed) write the same value. Strings only, never a float in
 * between, and no imports (like the rest of the primitives, the client carries this file).
 */

const EXPONENT_FORM = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/;

/**
 * A finite number as plain decimal text, its exponent (1e-7, 1e+21) written out as digits.
 * `String(n)` is already the shortest text that reads back as the same double; only its exponent
 * form needs rewriting. For a number that is not finite the result is not decimal text.
 */
export function numberToDecimalText(value: number): string {
  const text = String(value);
  const match = EXPONENT_FORM.exec(text);
  if (!match) return text;
  const [, sign = '', lead = '', rest = '', exp = '0'] = match;
  const digits = lead + rest;
  const point = 1 + Number(exp); // where the decimal point falls within `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const NUMBER_TEXT = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Significant digits and exponent of a number text (a JSON number, or decimal text) with leading
 * and trailing zeros removed, so that texts of the same value compare equal: "12.50" and "1.25e1"
 * are both "125e-1"; every zero is "0". Undefined for text that is not a number.
 */
function significand(text: string): string | undefined {
  const match = NUMBER_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign = '', int = '', frac = '', exp = '0'] = match;
  let digits = int + frac;
  let exponent = Number(exp) - frac.length;
  const lead = /^0*/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(lead);
  if (digits === '') return '0';
  const trail = /0*$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trail);
  exponent += trail;
  return `${sign}${digits}e${exponent}`;
}

/**
 * Whether two number texts (JSON numbers or decimal text, exponents allowed) write the same value:
 * `"12.50"` and `"1.25e1"` do. Compared on the digits, so an exponent of any size costs nothing;
 * text that is not a number ("Infinity") equals nothing.
 */
export function sameDecimalValue(a: string, b: string): boolean {
  const x = significand(a);
  return x !== undefined && x === significand(b);
}
