import { z } from 'zod';

import { fastObject } from '../fast-parse/fast-object.js';

import { DocumentModelSchema, RefSchema, UuidSchema } from './common.js';

/** `serie` fits the NF-e layout's 3 digits; 0 is the "no formal series" convention. */
export const SerieSchema = z.number().int().min(0).max(999);

/** A number `nNF` can hold (9 digits). */
export const NextNumberSchema = z.number().int().min(1).max(999_999_999);

export const FiscalSeriesReadSchema = z.object({
  id: UuidSchema,
  product_id: UuidSchema,
  tenant_ref: z.string(),
  branch_ref: z.string(),
  document_model: DocumentModelSchema,
  serie: z.number().int(),
  // No upper bound here: after the last number is used the counter reads 1000000000 (exhausted).
  next_number: z.number().int().min(1),
});
export type FiscalSeriesRead = z.infer<typeof FiscalSeriesReadSchema>;

export const FiscalSeriesCreateSchema = fastObject(
  z.object({
    tenant_ref: RefSchema,
    branch_ref: RefSchema,
    serie: SerieSchema,
    next_number: NextNumberSchema,
    document_model: DocumentModelSchema.default('55'),
  }),
);
export type FiscalSeriesCreate = z.infer<typeof FiscalSeriesCreateSchema>;

/** Only the counter can change; unknown keys (tenant_ref, serie, …) and null are 422s. */
export const FiscalSeriesPatchSchema = fastObject(
  z.object({ next_number: NextNumberSchema }).strict(),
);
export type FiscalSeriesPatch = z.infer<typeof FiscalSeriesPatchSchema>;

export const SeriesIdParamsSchema = z.object({ series_id: UuidSchema });
