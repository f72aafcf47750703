import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { TenantBranchQuerySchema } from '../schemas/common.js';
import {
  FiscalSeriesCreateSchema,
  FiscalSeriesPatchSchema,
  FiscalSeriesReadSchema,
  SeriesIdParamsSchema,
} from '../schemas/series.js';
import { SERIES_CREATE_EXAMPLE, SERIES_EXAMPLE } from '../examples.js';
import { asBody } from '../openapi-meta.js';
import { authenticated, errorBody, invalidRequest, withJsonBody } from './responses.js';

const c = initContract();

/** Numbering series of model 55, per tenant and branch. */
export const seriesRouter = c.router({
  listSeries: {
    method: 'GET',
    path: '/series',
    summary: 'List the numbering series of a tenant and branch, by serie ascending',
    query: TenantBranchQuerySchema,
    responses: {
      200: asBody(z.array(FiscalSeriesReadSchema), 'The series, by serie ascending', {
        'one series': { summary: 'Serie 1, one number used', value: [SERIES_EXAMPLE] },
      }),
      ...authenticated,
    },
    metadata: { auth: 'api-key' } as const,
  },
  createSeries: {
    method: 'POST',
    path: '/series',
    summary: 'Create a model 55 numbering series',
    body: asBody(FiscalSeriesCreateSchema, 'The series to create', {
      'serie 1': { summary: 'Serie 1 from number 1', value: SERIES_CREATE_EXAMPLE },
    }),
    responses: {
      201: asBody(FiscalSeriesReadSchema, 'The new series', {
        created: {
          summary: 'Serie 1, next number 1',
          value: { ...SERIES_EXAMPLE, next_number: 1 },
        },
      }),
      ...authenticated,
      422: invalidRequest({
        'serie out of range': [
          {
            loc: ['body', 'serie'],
            msg: 'Number must be less than or equal to 999',
            type: 'less_than_equal',
            input: 1000,
            ctx: { le: 999 },
          },
        ],
      }),
      ...withJsonBody,
      409: errorBody('series_already_exists'),
    },
    metadata: { auth: 'api-key' } as const,
  },
  patchSeries: {
    method: 'PATCH',
    path: '/series/:series_id',
    summary: 'Set the next number a series will use',
    description:
      'The counter may move back over a gap, never onto or behind a number the series has used nor onto numbers an inutilização of the series voided or is voiding (homologada or processando): 409 `series_number_in_use`, decided under the series lock that emissions and new inutilizações also take.',
    pathParams: SeriesIdParamsSchema,
    body: asBody(FiscalSeriesPatchSchema, 'The new counter', {
      'continue at 1000': { summary: 'Continue at number 1000', value: { next_number: 1000 } },
    }),
    responses: {
      200: asBody(FiscalSeriesReadSchema, 'The series with its new counter', {
        updated: { summary: 'Next number 1000', value: { ...SERIES_EXAMPLE, next_number: 1000 } },
      }),
      ...authenticated,
      422: invalidRequest({
        'unknown field': [
          {
            loc: ['body', 'serie'],
            msg: 'Extra inputs are not permitted',
            type: 'extra_forbidden',
          },
        ],
      }),
      ...withJsonBody,
      404: errorBody('series_not_found'),
      409: errorBody('series_number_in_use'),
    },
    metadata: { auth: 'api-key' } as const,
  },
});
