import { CNPJ_PATTERN } from '@emissor/nfe-xml/primitives';
import { z } from 'zod';

import { BAIL, type FastCompilable, type Node } from '../fast-parse/compile.js';
import { fastObject } from '../fast-parse/fast-object.js';

const REF_MAX_CHARACTERS = 64;

/** True when `text` has at most `max` code points (a character outside the BMP is 2 UTF-16 units). */
function withinCodePoints(text: string, max: number): boolean {
  if (text.length <= max) return true;
  if (text.length > 2 * max) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > max) return false;
  }
  return true;
}

/**
 * A string of at most 64 characters counted as code points, as JSON Schema's `maxLength` counts
 * them and as a person would: 33 emoji are 33 characters, not 66 UTF-16 units. It stays a
 * ZodString with `max(64)` so the OpenAPI document and client types keep `maxLength: 64`; only a
 * string longer than 64 units but within 64 code points is let through before zod's unit count.
 */
export class RefStringSchema extends z.ZodString implements FastCompilable {
  static make(): RefStringSchema {
    const base = z.string().max(REF_MAX_CHARACTERS);
    return new RefStringSchema(base._def);
  }

  override _parse(input: z.ParseInput): z.ParseReturnType<string> {
    const value: unknown = input.data;
    if (
      typeof value === 'string' &&
      value.length > REF_MAX_CHARACTERS &&
      withinCodePoints(value, REF_MAX_CHARACTERS)
    )
      return z.OK(value);
    return super._parse(input);
  }

  compileFast(): Node {
    return (value) =>
      typeof value === 'string' && withinCodePoints(value, REF_MAX_CHARACTERS) ? value : BAIL;
  }
}

/** `tenant_ref` / `branch_ref`: opaque strings the product owns, at most 64 characters. */
export const RefSchema = RefStringSchema.make();

/** An optional text field that may also be sent as null (both mean "not given"). */
export const optionalString = () => z.string().nullable().optional();

export const UuidSchema = z.string().uuid();

/** ISO 8601 date-time with a time zone (the API writes UTC, `…Z`). */
export const DateTimeSchema = z.string().datetime({ offset: true });

/** Only model 55 (NF-e) exists; the default lets callers omit it. */
export const DocumentModelSchema = z.literal('55');

export const AmbienteSchema = z.enum(['homologacao', 'producao']);
export type Ambiente = z.infer<typeof AmbienteSchema>;

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

/** Your id of the tenant: the company (one CNPJ root) the documents are issued for. */
export const TenantRefSchema = RefSchema.describe(
  'Your id of the tenant (the company issuing, e.g. your customer), at most 64 characters; Emissor only stores and matches it',
);

/** Your id of the branch (estabelecimento) inside the tenant. */
export const BranchRefSchema = RefSchema.describe(
  'Your id of the branch (estabelecimento, one CNPJ) inside the tenant, at most 64 characters; each branch has its own certificate and series',
);

/** The slot a certificate or series list belongs to: both refs required. */
export const TenantBranchQuerySchema = fastObject(
  z.object({ tenant_ref: TenantRefSchema, branch_ref: BranchRefSchema }),
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
