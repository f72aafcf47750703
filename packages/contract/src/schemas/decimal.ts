import { canonicalDecimalText, numberToDecimalText } from '@emissor/nfe-xml/primitives';
import { z } from 'zod';

import { BAIL, type FastCompilable, type Node } from '../fast-parse/compile.js';

/** Why a value is not a decimal, named as pydantic v2 names it (the API reports these `type`s). */
export type DecimalProblem = 'decimal_parsing' | 'finite_number';

export type DecimalParse = { ok: true; value: string } | { ok: false; problem: DecimalProblem };

/**
 * Reads a JSON number or decimal string into canonical decimal text, never through a float. The
 * text is read as @emissor/nfe-xml reads it (`canonicalDecimalText`): the spec's "decimal string"
 * (`^[+-]?(\d+\.?\d*|\.\d+)$`), with `+`, leading zeros and trailing fractional zeros dropped.
 */
export function parseDecimal(value: number | string): DecimalParse {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'finite_number' };
    // A finite number is always written as a decimal string, so it always has a canonical form.
    return { ok: true, value: canonicalDecimalText(numberToDecimalText(value)) as string };
  }
  const text = canonicalDecimalText(value);
  return text === undefined ? { ok: false, problem: 'decimal_parsing' } : { ok: true, value: text };
}

/** True for a canonical decimal above zero (the text has no sign and is not `0`). */
export function isPositiveDecimal(canonicalText: string): boolean {
  return !canonicalText.startsWith('-') && canonicalText !== '0';
}

const MESSAGES: Record<DecimalProblem, string> = {
  decimal_parsing: 'Input should be a valid decimal',
  finite_number: 'Input should be a finite number',
};

const DECIMAL_TYPE_MESSAGE = 'Decimal input should be an integer, float, string or Decimal object';

/**
 * `number | string`, chosen by `typeof` instead of trying each option: a plain union parses a
 * string by first failing as a number and building that discarded error (tens of µs per value).
 * It stays a ZodUnion so client types and the OpenAPI `anyOf` do not change. The result equals
 * the union's for numbers and strings; a missing value reports the number option's `invalid_type`
 * (the API's `missing`), and any other JSON type one custom `decimal_type` issue (pydantic's name)
 * instead of an opaque invalid_union.
 */
export class DecimalInputSchema
  extends z.ZodUnion<[z.ZodNumber, z.ZodString]>
  implements FastCompilable
{
  static make(): DecimalInputSchema {
    return new DecimalInputSchema({
      options: [z.number(), z.string()],
      typeName: z.ZodFirstPartyTypeKind.ZodUnion,
    });
  }

  override _parse(input: z.ParseInput): z.ParseReturnType<number | string> {
    const [number, string] = this._def.options;
    const value: unknown = input.data;
    if (typeof value === 'string') return string._parse(input);
    if (value === undefined || (typeof value === 'number' && !Number.isNaN(value)))
      return number._parse(input);
    // NaN (no JSON value) keeps the union's own report.
    if (typeof value === 'number') return super._parse(input);
    const ctx = this._getOrReturnCtx(input);
    z.addIssueToContext(ctx, {
      code: 'custom',
      message: DECIMAL_TYPE_MESSAGE,
      params: { type: 'decimal_type' },
    });
    return z.INVALID;
  }

  /** The fast path's view of the same dispatch (anything but a number or string: ask zod). */
  compileFast(compile: (schema: z.ZodTypeAny) => Node): Node {
    const [number, string] = this._def.options.map(compile) as [Node, Node];
    return (value) =>
      typeof value === 'string' ? string(value) : typeof value === 'number' ? number(value) : BAIL;
  }
}

/**
 * Which decimals a field takes: any, only those above 0, or those above 0 and 0 itself (a field
 * where 0 is the exception some other field allows: a negative is still `greater_than` 0).
 */
export type DecimalFloor = 'any' | 'positive' | 'positive_or_zero';

/** A decimal field (see `DecimalSchema`) that refuses what `floor` excludes as `greater_than` 0. */
export function decimal(floor: DecimalFloor) {
  return DecimalInputSchema.make().transform((value, ctx): string => {
    const parsed = parseDecimal(value);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES[parsed.problem],
        params: { type: parsed.problem },
      });
      return z.NEVER;
    }
    const below =
      floor === 'positive'
        ? !isPositiveDecimal(parsed.value)
        : floor === 'positive_or_zero' && parsed.value.startsWith('-');
    if (below) {
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
 * `params.type` is the pydantic name (`decimal_parsing`, `finite_number`, `decimal_type`).
 */
export const DecimalSchema = decimal('any').describe(
  'A JSON number or a decimal string such as "-1.50"',
);

/** "number > 0 or decimal string", with "> 0" applied to strings too; `params.type` `greater_than`. */
export const PositiveDecimalSchema = decimal('positive').describe(
  'Above 0: a JSON number or a decimal string such as "10.50"',
);

/** An optional decimal that may also be sent as null (both mean "not given"). */
export const optionalDecimal = () => DecimalSchema.nullable().optional();

/** A decimal after parsing: canonical text. */
export type Decimal = z.output<typeof DecimalSchema>;
/** What a caller may send for a decimal. */
export type DecimalInput = z.input<typeof DecimalSchema>;
