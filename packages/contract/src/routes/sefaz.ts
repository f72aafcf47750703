import { initContract } from '@ts-rest/core';

import { SefazStatusQuerySchema, SefazStatusReadSchema } from '../schemas/sefaz.js';
import { SEFAZ_STATUS_EXAMPLE } from '../examples.js';
import { asBody } from '../openapi-meta.js';
import { authenticated, errorBody } from './responses.js';

const c = initContract();

/** What SEFAZ says about itself. */
export const sefazRouter = c.router({
  getSefazStatus: {
    method: 'GET',
    path: '/sefaz/status',
    summary:
      "The status of a UF's authoriser (NFeStatusServico4), asked with the branch's certificate",
    description:
      "Answers from `NFeStatusServico4` of the UF's authoriser in the given ambiente, over mutual TLS with the live certificate of the tenant and branch (404 `certificate_not_found` without one). One answer per authoriser and ambiente is shared for 3 minutes by every API process, so SEFAZ is asked at most once in that time whoever asks; `idade_s` and the `Age` header say how old the answer is. 409 `sefaz_disabled` when the service runs with `SEFAZ=off`; 503 `sefaz_unavailable` (with `Retry-After`) when the authoriser did not answer; SEFAZ is asked again after Retry-After, or sooner once documents, events or inutilizações sent to that authoriser and ambiente get answers again. `modo` says whether the UF's NF-e are issued normally or in SVC contingency, since when and why (docs/contingency.md); a 503 says the mode in its message.",
    query: SefazStatusQuerySchema,
    responses: {
      200: asBody(SefazStatusReadSchema, "The authoriser's last answer (at most 3 minutes old)", {
        'em operação': {
          summary: 'SEFAZ-SP in operation (cStat 107)',
          value: SEFAZ_STATUS_EXAMPLE,
        },
      }),
      ...authenticated,
      404: errorBody('certificate_not_found'),
      409: errorBody('sefaz_disabled', 'certificate_expired', 'certificate_not_yet_valid'),
      503: errorBody('service_unavailable', 'sefaz_unavailable'),
    },
    metadata: { auth: 'api-key' } as const,
  },
});
