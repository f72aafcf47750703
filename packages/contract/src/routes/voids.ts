import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { DocumentReadHeadersSchema, EmissionHeadersSchema } from '../schemas/emissions.js';
import {
  FiscalVoidReadSchema,
  InutilizacaoRequestSchema,
  VoidIdParamsSchema,
  VoidListQuerySchema,
} from '../schemas/voids.js';
import { authenticated, conflict, notFound, withJsonBody } from './responses.js';

const c = initContract();

/** Inutilizações: ranges of unused numbers voided at SEFAZ (decisions.md). */
export const voidsRouter = c.router({
  createInutilizacao: {
    method: 'POST',
    path: '/inutilizacoes',
    summary: "Void a range of a series' unused numbers at SEFAZ (inutilização)",
    description:
      "The range must lie below the series' next_number and hold no document that is processando, autorizada, denegada or cancelada, nor overlap an earlier inutilização (409 `numbers_in_use`). 201 with the new record; 200 with the existing one (header Idempotent-Replayed: true) when this product already used the Idempotency-Key for the same request. With `Prefer: wait=N` (1–60) the answer waits until it leaves `processando`. 409 `sefaz_disabled` when transmission is off.",
    headers: EmissionHeadersSchema,
    body: InutilizacaoRequestSchema,
    responses: {
      201: FiscalVoidReadSchema,
      200: FiscalVoidReadSchema,
      ...authenticated,
      ...withJsonBody,
      ...notFound,
      ...conflict,
    },
    metadata: { auth: 'api-key' } as const,
  },
  listInutilizacoes: {
    method: 'GET',
    path: '/inutilizacoes',
    summary:
      'The inutilizações of a tenant and branch, newest first (manual ones and the automatic voids of rejected numbers)',
    query: VoidListQuerySchema,
    responses: { 200: z.array(FiscalVoidReadSchema), ...authenticated },
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
    responses: { 200: FiscalVoidReadSchema, ...authenticated, ...notFound },
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
      200: c.otherResponse({ contentType: 'application/xml', body: z.string() }),
      ...authenticated,
      ...notFound,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
