import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { DocumentIdParamsSchema } from '../schemas/documents.js';
import { DocumentReadHeadersSchema, EmissionHeadersSchema } from '../schemas/emissions.js';
import {
  CancelamentoRequestSchema,
  CartaCorrecaoRequestSchema,
  EventIdParamsSchema,
  FiscalEventReadSchema,
} from '../schemas/events.js';
import { authenticated, conflict, notFound, withJsonBody } from './responses.js';

const c = initContract();

const REPLAY_AND_WAIT =
  '201 with the new event; 200 with the existing one (header Idempotent-Replayed: true) when this product already used the Idempotency-Key for the same request. With `Prefer: wait=N` (1–60) the answer waits until the event leaves `processando` or N seconds pass. 409 `sefaz_disabled` when transmission is off (SEFAZ=off).';

/** Cancellations and cartas de correção of authorised documents (decisions.md). */
export const eventsRouter = c.router({
  cancelDocument: {
    method: 'POST',
    path: '/documentos/:document_id/cancelamento',
    summary: 'Cancel an authorised document (event 110111)',
    description: `Only for \`autorizada\` documents, once, within the authoriser's deadline (24 h for NF-e; 409 \`cancellation_deadline_passed\` after it). The document becomes \`cancelada\` when SEFAZ registers the event. ${REPLAY_AND_WAIT}`,
    headers: EmissionHeadersSchema,
    pathParams: DocumentIdParamsSchema,
    body: CancelamentoRequestSchema,
    responses: {
      201: FiscalEventReadSchema,
      200: FiscalEventReadSchema,
      ...authenticated,
      ...withJsonBody,
      ...notFound,
      ...conflict,
    },
    metadata: { auth: 'api-key' } as const,
  },
  correctDocument: {
    method: 'POST',
    path: '/documentos/:document_id/cartas-correcao',
    summary: 'Send a carta de correção of an authorised document (event 110110)',
    description: `Only for \`autorizada\` documents; sequence 1–20 per document (409 \`correction_limit_reached\` after the 20th). Each letter replaces the previous ones. ${REPLAY_AND_WAIT}`,
    headers: EmissionHeadersSchema,
    pathParams: DocumentIdParamsSchema,
    body: CartaCorrecaoRequestSchema,
    responses: {
      201: FiscalEventReadSchema,
      200: FiscalEventReadSchema,
      ...authenticated,
      ...withJsonBody,
      ...notFound,
      ...conflict,
    },
    metadata: { auth: 'api-key' } as const,
  },
  listDocumentEvents: {
    method: 'GET',
    path: '/documentos/:document_id/eventos',
    summary: 'The events of a document, oldest first',
    pathParams: DocumentIdParamsSchema,
    responses: { 200: z.array(FiscalEventReadSchema), ...authenticated, ...notFound },
    metadata: { auth: 'api-key' } as const,
  },
  getEvent: {
    method: 'GET',
    path: '/eventos/:event_id',
    summary: 'One event record',
    description:
      'With `Prefer: wait=N` (1–60) the answer waits until the event leaves `processando` or N seconds pass (`Preference-Applied: wait=N`).',
    headers: DocumentReadHeadersSchema,
    pathParams: EventIdParamsSchema,
    responses: { 200: FiscalEventReadSchema, ...authenticated, ...notFound },
    metadata: { auth: 'api-key' } as const,
  },
  getEventXml: {
    method: 'GET',
    path: '/eventos/:event_id/xml',
    summary: 'The procEventoNFe of a registered event (the signed evento before that)',
    pathParams: EventIdParamsSchema,
    responses: {
      200: c.otherResponse({ contentType: 'application/xml', body: z.string() }),
      ...authenticated,
      ...notFound,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
