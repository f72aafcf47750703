import { initContract } from '@ts-rest/core';

import { certificatesRouter } from './routes/certificates.js';
import { documentsRouter } from './routes/documents.js';
import { emissionsRouter } from './routes/emissions.js';
import { eventsRouter } from './routes/events.js';
import { healthRouter } from './routes/health.js';
import { openApiRouter } from './routes/openapi.js';
import { sefazRouter } from './routes/sefaz.js';
import { seriesRouter } from './routes/series.js';
import { voidsRouter } from './routes/voids.js';

const c = initContract();

/**
 * Every Emissor route, under `/v1`. Each route lists every status it can answer with
 * (`strictStatusCodes`), and says in `metadata.auth` whether it needs the `X-Api-Key` header.
 */
export const contract = c.router(
  {
    health: healthRouter,
    openapi: openApiRouter,
    series: seriesRouter,
    certificates: certificatesRouter,
    emissions: emissionsRouter,
    documents: documentsRouter,
    events: eventsRouter,
    voids: voidsRouter,
    sefaz: sefazRouter,
  },
  { pathPrefix: '/v1', strictStatusCodes: true },
);

export type Contract = typeof contract;
