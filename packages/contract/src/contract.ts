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
import { webhooksRouter } from './routes/webhooks.js';

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
    webhooks: webhooksRouter,
  },
  { pathPrefix: '/v1', strictStatusCodes: true },
);

export type Contract = typeof contract;

/**
 * What each group of routes is for: the OpenAPI document's tag descriptions (a tag is a key of
 * the router above). A new group needs its line here (the OpenAPI coverage test checks).
 */
export const CONTRACT_TAGS: Readonly<Record<string, string>> = {
  health: 'Liveness and readiness probes, for load balancers and orchestrators. No API key.',
  openapi: 'This document. No API key.',
  series:
    'Numbering series (ide/serie) of a branch: each emission takes the next nNF of its series under a row lock, so concurrent emissions never share a number.',
  certificates:
    "The branch's A1 certificate (.pfx) that signs its NF-e; stored encrypted, one live certificate per tenant and branch.",
  emissions:
    'Issuing an NF-e: Emissor builds the XML from JSON, numbers it from the series, signs it with the branch certificate and transmits it to SEFAZ. Safe to retry with the same Idempotency-Key.',
  documents:
    'Issued NF-e: their status (autorizada, rejeitada, …), the XML (nfeProc once authorised) and the DANFE PDF.',
  events:
    'Events of an authorised NF-e (RecepcaoEvento4): the cancellation (tpEvento 110111, within 24 h) and the cartas de correção (110110, nSeqEvento 1–20), signed with the branch certificate and sent to SEFAZ; the procEventoNFe once registered. Safe to retry with the same Idempotency-Key.',
  voids:
    "Inutilizações (NFeInutilizacao4): ranges of a series' numbers that will never be used, voided at SEFAZ so the numbering has no unexplained gap; manual ones and the automatic voids of rejected documents' numbers. Safe to retry with the same Idempotency-Key.",
  sefaz:
    "What SEFAZ says about itself: an authoriser's status (NFeStatusServico4), asked with the branch's certificate and shared for 3 minutes.",
  webhooks:
    'Webhooks: Emissor POSTs a signed message (Standard Webhooks) to your URL when a document, event or inutilização reaches a final status, retried for at least 24 h until your endpoint answers 2xx.',
};
