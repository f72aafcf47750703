import { z } from 'zod';

/**
 * The spec's "decimal string": an optional sign, digits and an optional decimal point, not made of
 * signs and points only.
 */
const DECIMAL_STRING = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Why a value is not a decimal, named as pydantic v2 names it (the API reports these `type`s). */
export type DecimalProblem = 'decimal_parsing' | 'finite_number';

export type DecimalParse = { ok: true; value: string } | { ok: false; problem: DecimalProblem };

/**
 * Canonical text of a decimal string already known to match DECIMAL_STRING: no `+`, no leading
 * zeros, no trailing fractional zeros, no lone point, and `0` for every zero. Equal values give
 * equal strings, so callers can compare and hash them.
 */
function canonical(text: string): string {
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[+-]/, '');
  const [rawInt = '', rawFrac = ''] = unsigned.split('.');
  const int = rawInt.replace(/^0+/, '') || '0';
  const frac = rawFrac.replace(/0+$/, '');
  const magnitude = frac ? `${int}.${frac}` : int;
  return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
}

/**
 * A finite number as plain decimal text. `String(n)` is already the shortest text that reads back
 * as the same double; it only needs its exponent (1e-7, 1e+21) written out as digits.
 */
function numberText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', lead = '', rest = '', exp = '0'] = match;
  const digits = lead + rest;
  const point = 1 + Number(exp); // where the decimal point falls within `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Reads a JSON number or decimal string into canonical decimal text, never through a float. */
export function parseDecimal(value: number | string): DecimalParse {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'finite_number' };
    return { ok: true, value: canonical(numberText(value)) };
  }
  if (!DECIMAL_STRING.test(value)) return { ok: false, problem: 'decimal_parsing' };
  return { ok: true, value: canonical(value) };
}

/** True for a canonical decimal above zero (the text has no sign and is not `0`). */
export function isPositiveDecimal(canonicalText: string): boolean {
  return !canonicalText.startsWith('-') && canonicalText !== '0';
}

const MESSAGES: Record<DecimalProblem, string> = {
  decimal_parsing: 'Input should be a valid decimal',
  finite_number: 'Input should be a finite number',
};

function decimal(positive: boolean) {
  // A union (not z.unknown) so clients see `number | string` and OpenAPI documents both forms.
  return z.union([z.number(), z.string()]).transform((value, ctx): string => {
    const parsed = parseDecimal(value);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES[parsed.problem],
        params: { type: parsed.problem },
      });
      return z.NEVER;
    }
    if (positive && !isPositiveDecimal(parsed.value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Input should be greater than 0',
        params: { type: 'greater_than', ctx: { gt: 0 } },
      });
      return z.NEVER;
    }
    return parsed.value;
  });
}

/**
 * "number or decimal string". Parses to canonical decimal text (`"-1.5"`, `"0.0000001"`), never a
 * JS number, so money and quantities stay exact end to end. Failures are custom issues whose
 * `params.type` is the pydantic name (`decimal_parsing`, `finite_number`).
 */
export const DecimalSchema = decimal(false).describe(
  'A JSON number or a decimal string such as "-1.50"',
);

/** "number > 0 or decimal string", with "> 0" applied to strings too; `params.type` `greater_than`. */
export const PositiveDecimalSchema = decimal(true).describe(
  'Above 0: a JSON number or a decimal string such as "10.50"',
);

/** A decimal after parsing: canonical text. */
export type Decimal = z.output<typeof DecimalSchema>;
/** What a caller may send for a decimal. */
export type DecimalInput = z.input<typeof DecimalSchema>;
