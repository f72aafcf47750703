import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { DocumentReadHeadersSchema, EmissionHeadersSchema } from '../schemas/emissions.js';
import {
  FiscalVoidReadSchema,
  InutilizacaoRequestSchema,
  VoidIdParamsSchema,
  VoidListQuerySchema,
} from '../schemas/voids.js';
import {
  AUTOMATIC_VOID_EXAMPLE,
  INUTILIZACAO_EXAMPLE,
  PROC_INUT_XML_EXAMPLE,
  PROCESSING_VOID_EXAMPLE,
  VOID_EXAMPLE,
} from '../examples.js';
import { asBody, type BodyExample } from '../openapi-meta.js';
import { authenticated, errorBody, invalidRequest, withJsonBody } from './responses.js';

const c = initContract();

const homologated: BodyExample = {
  summary: 'Homologated by SEFAZ (cStat 102)',
  value: VOID_EXAMPLE,
};
const processing: BodyExample = {
  summary: 'Sent, no answer yet',
  value: PROCESSING_VOID_EXAMPLE,
};

/** The record a POST answers with, as new (201) or as the replay of its Idempotency-Key (200). */
const postedVoid = (description: string) =>
  asBody(FiscalVoidReadSchema, description, { homologada: homologated, processando: processing });

/** Errors of the routes that read one inutilização by its id. */
const oneVoidErrors = {
  ...authenticated,
  422: invalidRequest({
    'not a uuid': [
      { loc: ['path', 'inutilizacao_id'], msg: 'Invalid uuid', type: 'uuid_parsing', input: '42' },
    ],
  }),
  404: errorBody('inutilizacao_not_found'),
} as const;

/** Inutilizações: ranges of unused numbers voided at SEFAZ (docs/api-rules.md "Events and inutilização"). */
export const voidsRouter = c.router({
  createInutilizacao: {
    method: 'POST',
    path: '/inutilizacoes',
    summary: "Void a range of a series' unused numbers at SEFAZ (inutilização)",
    description:
      "The range must lie below the series' next_number and hold no document that is processando, autorizada, denegada or cancelada, nor overlap an earlier inutilização (409 `numbers_in_use`). What SEFAZ is known to refuse is a 422 before anything is stored or sent: more than 10000 numbers in one request (`numero_final`), an ambiente the configured SEFAZ does not serve (`ambiente`: with SEFAZ=simulator only homologacao). 201 with the new record; 200 with the existing one (header Idempotent-Replayed: true) when this product already used the Idempotency-Key for the same request. With `Prefer: wait=N` (1–60) the answer waits until it leaves `processando`. 409 `sefaz_disabled` when transmission is off.",
    headers: EmissionHeadersSchema,
    body: asBody(
      InutilizacaoRequestSchema,
      'The series, the range of numbers (nNFIni–nNFFin) and why they were not used (xJust)',
      {
        'three numbers': {
          summary: 'Numbers skipped when the branch changed systems',
          value: INUTILIZACAO_EXAMPLE,
        },
      },
    ),
    responses: {
      201: postedVoid('The new inutilização'),
      200: postedVoid('The inutilização this Idempotency-Key made before (a replay)'),
      ...authenticated,
      ...withJsonBody,
      404: errorBody('series_not_found', 'certificate_not_found'),
      409: errorBody(
        'sefaz_disabled',
        'numbers_in_use',
        'certificate_expired',
        'certificate_not_yet_valid',
      ),
      422: invalidRequest({
        'range backwards': [
          {
            loc: ['body', 'numero_final'],
            msg: 'Input should be greater than or equal to numero_inicial (5)',
            type: 'greater_than_equal',
            input: 3,
            ctx: { ge: 5 },
          },
        ],
        'more numbers than SEFAZ takes': [
          {
            loc: ['body', 'numero_final'],
            msg: 'Input should be less than or equal to 10000: one inutilização voids at most 10000 numbers and 1–10001 holds 10001',
            type: 'less_than_equal',
            input: 10001,
            ctx: { le: 10000 },
          },
        ],
        'ambiente not served': [
          {
            loc: ['body', 'ambiente'],
            msg: "Input should be 'homologacao': SEFAZ=simulator (the local SEFAZ) serves homologacao only",
            type: 'literal_error',
            input: 'producao',
            ctx: { expected: '"homologacao"' },
          },
        ],
      }),
    },
    metadata: { auth: 'api-key' } as const,
  },
  listInutilizacoes: {
    method: 'GET',
    path: '/inutilizacoes',
    summary:
      'The inutilizações of a tenant and branch, newest first (manual ones and the automatic voids of rejected numbers)',
    query: VoidListQuerySchema,
    responses: {
      200: asBody(z.array(FiscalVoidReadSchema), 'A page of inutilizações, newest first', {
        page: {
          summary: 'A manual range and the automatic void of a rejected number',
          value: [VOID_EXAMPLE, AUTOMATIC_VOID_EXAMPLE],
        },
      }),
      ...authenticated,
    },
    metadata: { auth: 'api-key' } as const,
  },
  getInutilizacao: {
    method: 'GET',
    path: '/inutilizacoes/:inutilizacao_id',
    summary: 'One inutilização record',
    description:
      'With `Prefer: wait=N` (1–60) the answer waits until it leaves `processando` or N seconds pass (`Preference-Applied: wait=N`).',
    headers: DocumentReadHeadersSchema,
    pathParams: VoidIdParamsSchema,
    responses: {
      200: asBody(FiscalVoidReadSchema, 'The inutilização', {
        homologada: homologated,
        processando: processing,
        rejeicao: {
          summary: 'The automatic void of a rejected document number',
          value: AUTOMATIC_VOID_EXAMPLE,
        },
      }),
      ...oneVoidErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
  getInutilizacaoXml: {
    method: 'GET',
    path: '/inutilizacoes/:inutilizacao_id/xml',
    summary: 'The ProcInutNFe (procInutNFe_v4.00.xsd) of a homologated inutilização',
    description:
      'Before SEFAZ answered, the signed inutNFe; an automatic void not yet signed has no XML (404 `inutilizacao_not_found`).',
    pathParams: VoidIdParamsSchema,
    responses: {
      200: c.otherResponse({
        contentType: 'application/xml',
        body: asBody(
          z.string(),
          "The ProcInutNFe (the signed inutNFe and SEFAZ's retInutNFe) once homologada, else the signed inutNFe",
          {
            ProcInutNFe: {
              summary: 'A homologated inutilização (shortened)',
              value: PROC_INUT_XML_EXAMPLE,
            },
          },
        ),
      }),
      ...oneVoidErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
