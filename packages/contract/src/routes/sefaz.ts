import { initContract } from '@ts-rest/core';

import { SefazStatusQuerySchema, SefazStatusReadSchema } from '../schemas/sefaz.js';
import { authenticated, conflict, notFound } from './responses.js';

const c = initContract();

/** What SEFAZ says about itself. */
export const sefazRouter = c.router({
  getSefazStatus: {
    method: 'GET',
    path: '/sefaz/status',
    summary:
      "The status of a UF's authoriser (NFeStatusServico4), asked with the branch's certificate",
    description:
      "Answers from `NFeStatusServico4` of the UF's authoriser in the given ambiente, over mutual TLS with the live certificate of the tenant and branch (404 `certificate_not_found` without one). One answer per authoriser and ambiente is shared for 3 minutes by every API process, so SEFAZ is asked at most once in that time whoever asks. 409 `sefaz_disabled` when the service runs with `SEFAZ=off`; 503 `sefaz_unavailable` (with `Retry-After`) when the authoriser did not answer.",
    query: SefazStatusQuerySchema,
    responses: { 200: SefazStatusReadSchema, ...authenticated, ...notFound, ...conflict },
    metadata: { auth: 'api-key' } as const,
  },
});
