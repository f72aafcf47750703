import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { BranchRefSchema, DocumentModelSchema, TenantRefSchema, UuidSchema } from './common.js';

/** `serie` fits the NF-e layout's 3 digits; 0 is the "no formal series" convention. */
export const SerieSchema = z.number().int().min(0).max(999);

/** A number `nNF` can hold (9 digits). */
export const NextNumberSchema = z.number().int().min(1).max(999_999_999);

export const FiscalSeriesReadSchema = z.object({
  id: UuidSchema.describe('The series id (path of PATCH /v1/series/{series_id})'),
  product_id: UuidSchema.describe('The product (API key owner) the series belongs to'),
  tenant_ref: z.string().describe('Your id of the tenant'),
  branch_ref: z.string().describe('Your id of the branch'),
  document_model: DocumentModelSchema.describe('ide/mod: always 55 (NF-e)'),
  serie: z.number().int().describe('ide/serie, 0–999'),
  // No upper bound here: after the last number is used the counter reads 1000000000 (exhausted).
  next_number: z
    .number()
    .int()
    .min(1)
    .describe(
      'ide/nNF the next emission on this series gets; 1000000000 once 999999999 was used (series_exhausted)',
    ),
});
export type FiscalSeriesRead = z.infer<typeof FiscalSeriesReadSchema>;

export const FiscalSeriesCreateSchema = fastObject(
  z.strictObject({
    tenant_ref: TenantRefSchema,
    branch_ref: BranchRefSchema,
    serie: SerieSchema.describe(
      'ide/serie, 0–999 (0: the "no formal series" convention); one series per tenant, branch and serie',
    ),
    next_number: NextNumberSchema.describe(
      'ide/nNF of the first emission, 1–999999999 (above the last number a previous system used)',
    ),
    document_model: DocumentModelSchema.default('55').describe('ide/mod: only 55 (NF-e)'),
  }),
);
export type FiscalSeriesCreate = z.infer<typeof FiscalSeriesCreateSchema>;

/** Only the counter can change; unknown keys (tenant_ref, serie, …) and null are 422s. */
export const FiscalSeriesPatchSchema = fastObject(
  z
    .object({
      next_number: NextNumberSchema.describe(
        'The ide/nNF the next emission gets: above every number the series has used and every number an inutilização of the series voided or is voiding (else 409 series_number_in_use)',
      ),
    })
    .strict(),
);
export type FiscalSeriesPatch = z.infer<typeof FiscalSeriesPatchSchema>;

export const SeriesIdParamsSchema = z.object({
  series_id: UuidSchema.describe('The `id` of the series'),
});
