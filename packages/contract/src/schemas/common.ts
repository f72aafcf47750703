import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

/** `tenant_ref` / `branch_ref`: opaque strings the product owns, at most 64 characters. */
export const RefSchema = z.string().max(64);

export const UuidSchema = z.string().uuid();

/** ISO 8601 date-time with a time zone (the API writes UTC, `…Z`). */
export const DateTimeSchema = z.string().datetime({ offset: true });

/** Only model 55 (NF-e) exists; the default lets callers omit it. */
export const DocumentModelSchema = z.literal('55');

export const AmbienteSchema = z.enum(['homologacao', 'producao']);
export type Ambiente = z.infer<typeof AmbienteSchema>;

const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * A CNPJ: exactly 14 characters, the alphanumeric form (12 of `[0-9A-Z]`, then 2 digits) included.
 * The pattern is checked only once the length is right, so a short value reports one issue, not two.
 */
export const CnpjSchema = z
  .string()
  .length(14)
  .superRefine((value, ctx) => {
    if (value.length === 14 && !CNPJ_PATTERN.test(value)) {
      ctx.addIssue({
        code: 'invalid_string',
        validation: 'regex',
        message: `String should match pattern '${CNPJ_PATTERN.source}'`,
      });
    }
  })
  .describe('14 characters: 12 of [0-9A-Z] then 2 check digits');

/** The slot a certificate or series list belongs to: both refs required. */
export const TenantBranchQuerySchema = fastObject(
  z.object({ tenant_ref: RefSchema, branch_ref: RefSchema }),
);
export type TenantBranchQuery = z.infer<typeof TenantBranchQuerySchema>;

export type QueryIntSchema = z.ZodType<number, z.ZodTypeDef, number | string>;

const INTEGER_TEXT = /^[+-]?\d+$/;

/**
 * An integer query parameter. Query values arrive as strings; this converts integer text only
 * (unlike `z.coerce.number()`, which turns "" into 0 and "1e2" into 100). Anything else is a fatal
 * custom issue with `params.type` `int_parsing`; range failures are zod's own too_small/too_big.
 * Typed input is `number | string` so the client can pass numbers.
 */
export function queryInt(bounds: { min: number; max?: number }): QueryIntSchema {
  let target = z.number().int().min(bounds.min);
  if (bounds.max !== undefined) target = target.max(bounds.max);
  const schema = z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (INTEGER_TEXT.test(value)) return Number(value);
    ctx.addIssue({
      code: 'custom',
      message: 'Input should be a valid integer, unable to parse string as an integer',
      params: { type: 'int_parsing' },
      fatal: true,
    });
    return value;
  }, target);
  // preprocess types its input as unknown; narrow it to what a query value can be.
  return schema as QueryIntSchema;
}
