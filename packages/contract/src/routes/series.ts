import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { TenantBranchQuerySchema } from '../schemas/common.js';
import {
  FiscalSeriesCreateSchema,
  FiscalSeriesPatchSchema,
  FiscalSeriesReadSchema,
  SeriesIdParamsSchema,
} from '../schemas/series.js';
import { authenticated, conflict, notFound, withJsonBody } from './responses.js';

const c = initContract();

/** Numbering series of model 55, per tenant and branch. */
export const seriesRouter = c.router({
  listSeries: {
    method: 'GET',
    path: '/series',
    summary: 'List the numbering series of a tenant and branch, by serie ascending',
    query: TenantBranchQuerySchema,
    responses: { 200: z.array(FiscalSeriesReadSchema), ...authenticated },
    metadata: { auth: 'api-key' } as const,
  },
  createSeries: {
    method: 'POST',
    path: '/series',
    summary: 'Create a model 55 numbering series',
    body: FiscalSeriesCreateSchema,
    responses: { 201: FiscalSeriesReadSchema, ...authenticated, ...withJsonBody, ...conflict },
    metadata: { auth: 'api-key' } as const,
  },
  patchSeries: {
    method: 'PATCH',
    path: '/series/:series_id',
    summary: 'Set the next number a series will use',
    pathParams: SeriesIdParamsSchema,
    body: FiscalSeriesPatchSchema,
    responses: {
      200: FiscalSeriesReadSchema,
      ...authenticated,
      ...withJsonBody,
      ...notFound,
      ...conflict,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
