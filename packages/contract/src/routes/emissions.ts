import { initContract } from '@ts-rest/core';

import { FiscalDocumentReadSchema } from '../schemas/documents.js';
import { EmissaoRequestSchema, EmissionHeadersSchema } from '../schemas/emissions.js';
import { authenticated, conflict, notFound, withJsonBody } from './responses.js';

const c = initContract();

/** Issuing an NF-e. */
export const emissionsRouter = c.router({
  emit: {
    method: 'POST',
    path: '/emissoes',
    summary: 'Issue (build, number and sign) an NF-e, once per Idempotency-Key',
    description:
      '201 with the new document; 200 with the existing one (header Idempotent-Replayed: true) when this product already used the key.',
    headers: EmissionHeadersSchema,
    body: EmissaoRequestSchema,
    responses: {
      201: FiscalDocumentReadSchema,
      200: FiscalDocumentReadSchema,
      ...authenticated,
      ...withJsonBody,
      ...notFound,
      ...conflict,
    },
    metadata: { auth: 'api-key' } as const,
  },
});
