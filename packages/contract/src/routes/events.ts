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
import {
  CANCELAMENTO_EXAMPLE,
  CANCELLATION_EVENT_EXAMPLE,
  CARTA_CORRECAO_EXAMPLE,
  CORRECTION_EVENT_EXAMPLE,
  PROC_EVENTO_XML_EXAMPLE,
  PROCESSING_EVENT_EXAMPLE,
  REJECTED_EVENT_EXAMPLE,
} from '../examples.js';
import { asBody, type BodyExample } from '../openapi-meta.js';
import { authenticated, errorBody, invalidRequest, withJsonBody } from './responses.js';

const c = initContract();

const REPLAY_AND_WAIT =
  '201 with the new event; 200 with the existing one (header Idempotent-Replayed: true) when this product already used the Idempotency-Key for the same request. With `Prefer: wait=N` (1–60) the answer waits until the event leaves `processando` or N seconds pass. 409 `sefaz_disabled` when transmission is off (SEFAZ=off).';

/** The event a POST answers with, as new (201) or as the replay of its Idempotency-Key (200). */
function postedEvent(description: string, registered: BodyExample) {
  return asBody(FiscalEventReadSchema, description, {
    registrado: registered,
    processando: {
      summary: 'Sent, no answer yet (without Prefer: wait, or SEFAZ slower than it)',
      value: PROCESSING_EVENT_EXAMPLE,
    },
    rejeitado: { summary: 'Refused by SEFAZ', value: REJECTED_EVENT_EXAMPLE },
  });
}

const cancellation: BodyExample = {
  summary: 'Registered by SEFAZ (cStat 135): the document is now cancelada',
  value: CANCELLATION_EVENT_EXAMPLE,
};
const correction: BodyExample = {
  summary: 'Registered by SEFAZ (cStat 135)',
  value: CORRECTION_EVENT_EXAMPLE,
};

const notADocumentId = invalidRequest({
  'not a uuid': [
    { loc: ['path', 'document_id'], msg: 'Invalid uuid', type: 'uuid_parsing', input: '42' },
  ],
});

const notAnEventId = invalidRequest({
  'not a uuid': [
    { loc: ['path', 'event_id'], msg: 'Invalid uuid', type: 'uuid_parsing', input: '42' },
  ],
});

/** Errors of the routes that read one event by its id. */
const oneEventErrors = {
  ...authenticated,
  422: notAnEventId,
  404: errorBody('event_not_found'),
} as const;

/** What a POST of an event may meet besides the document's own state. */
const postErrors = {
  ...authenticated,
  ...withJsonBody,
  404: errorBody('document_not_found', 'certificate_not_found'),
} as const;

/** Cancellations and cartas de correção of authorised documents (docs/api-rules.md "Events and inutilização"). */
export const eventsRouter = c.router({
  cancelDocument: {
    method: 'POST',
    path: '/documentos/:document_id/cancelamento',
    summary: 'Cancel an authorised document (event 110111)',
    description: `Only for \`autorizada\` documents, once, within the authoriser's deadline (24 h for NF-e; 409 \`cancellation_deadline_passed\` after it). The document becomes \`cancelada\` when SEFAZ registers the event. ${REPLAY_AND_WAIT}`,
    headers: EmissionHeadersSchema,
    pathParams: DocumentIdParamsSchema,
    body: asBody(
      CancelamentoRequestSchema,
      'Why the NF-e is cancelled (detEvento/xJust); its nProt comes from the document',
      { cancelamento: { summary: 'An order the buyer called off', value: CANCELAMENTO_EXAMPLE } },
    ),
    responses: {
      201: postedEvent('The new cancellation event', cancellation),
      200: postedEvent(
        'The cancellation this Idempotency-Key made before (a replay)',
        cancellation,
      ),
      ...postErrors,
      409: errorBody(
        'sefaz_disabled',
        'document_not_cancellable',
        'cancellation_deadline_passed',
        'certificate_expired',
        'certificate_not_yet_valid',
      ),
      422: invalidRequest({
        'justificativa too short': [
          {
            loc: ['body', 'justificativa'],
            msg: 'String must contain at least 15 character(s)',
            type: 'string_too_short',
            input: 'Erro',
            ctx: { min_length: 15 },
          },
        ],
      }),
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
    body: asBody(
      CartaCorrecaoRequestSchema,
      'Every correction of the document at once (detEvento/xCorrecao)',
      {
        'carta de correção': {
          summary: 'A delivery address detail',
          value: CARTA_CORRECAO_EXAMPLE,
        },
      },
    ),
    responses: {
      201: postedEvent('The new carta de correção', correction),
      200: postedEvent(
        'The carta de correção this Idempotency-Key made before (a replay)',
        correction,
      ),
      ...postErrors,
      409: errorBody(
        'sefaz_disabled',
        'document_not_correctable',
        'correction_limit_reached',
        'certificate_expired',
        'certificate_not_yet_valid',
      ),
      422: invalidRequest({
        'line break in correcao': [
          {
            loc: ['body', 'correcao'],
            msg: 'String should hold printable Latin-1 characters only, without line breaks or spaces at either end',
            type: 'string_pattern_mismatch',
            input: 'Endereço de entrega:\nAvenida Paulista, 1000',
          },
        ],
      }),
    },
    metadata: { auth: 'api-key' } as const,
  },
  listDocumentEvents: {
    method: 'GET',
    path: '/documentos/:document_id/eventos',
    summary: 'The events of a document, oldest first',
    pathParams: DocumentIdParamsSchema,
    responses: {
      200: asBody(z.array(FiscalEventReadSchema), 'Every event of the document, oldest first', {
        'corrected then cancelled': {
          summary: 'A carta de correção, then the cancellation',
          value: [CORRECTION_EVENT_EXAMPLE, CANCELLATION_EVENT_EXAMPLE],
        },
      }),
      ...authenticated,
      422: notADocumentId,
      404: errorBody('document_not_found'),
    },
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
    responses: {
      200: asBody(FiscalEventReadSchema, 'The event', {
        registrado: cancellation,
        processando: { summary: 'Sent, no answer yet', value: PROCESSING_EVENT_EXAMPLE },
        rejeitado: { summary: 'Refused by SEFAZ', value: REJECTED_EVENT_EXAMPLE },
      }),
      ...oneEventErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
  getEventXml: {
    method: 'GET',
    path: '/eventos/:event_id/xml',
    summary: 'The procEventoNFe of a registered event (the signed evento before that)',
    pathParams: EventIdParamsSchema,
    responses: {
      200: c.otherResponse({
        contentType: 'application/xml',
        body: asBody(
          z.string(),
          "The procEventoNFe (the signed evento and SEFAZ's retEvento) once registered, else the signed evento",
          {
            procEventoNFe: {
              summary: 'A registered cancellation (shortened)',
              value: PROC_EVENTO_XML_EXAMPLE,
            },
          },
        ),
      }),
      ...oneEventErrors,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
