import { contract } from '@emissor/contract';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import express from 'express';

import type { AppContext } from './app-context.js';
import { apiKeyAuth } from './http/api-key-auth.js';
import { requireReadableEncoding } from './http/content-encoding.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { AUTH_FAILURE_DEFAULTS, createAuthFailureLimiter } from './http/rate-limit.js';
import { createMetrics } from './http/metrics.js';
import { requestContext } from './http/request-context.js';
import { requestValidationHandler } from './http/request-validation-handler.js';
import { requireJsonBody } from './http/require-json.js';
import { securityHeaders } from './http/security-headers.js';
import { jsonBody } from './http/json-body.js';
import { rejectUnstorableText } from './http/text-guard.js';
import { certificatesHandlers } from './modules/certificates/certificates.router.js';
import { docsRouter } from './modules/docs/docs.router.js';
import { documentsHandlers } from './modules/documents/documents.router.js';
import { emissionsHandlers } from './modules/emissions/emissions.router.js';
import { numberingMetric } from './modules/emissions/numbering-metric.js';
import { eventsHandlers } from './modules/events/events.router.js';
import { healthHandlers } from './modules/health/health.router.js';
import { openApiHandlers } from './modules/openapi/openapi.router.js';
import { sefazStatusHandlers } from './modules/sefaz-status/sefaz-status.router.js';
import { seriesHandlers } from './modules/series/series.router.js';
import { voidsHandlers } from './modules/voids/voids.router.js';
import { webhooksHandlers } from './modules/webhooks/webhooks.router.js';

export type { AppContext };

/** The Express app for one process: every contract route, behind auth where the contract says. */
export function createApp(ctx: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', ctx.env.TRUST_PROXY);
  app.use(requestContext(ctx.logger));
  app.use(securityHeaders);
  if (ctx.env.METRICS_ENABLED) {
    // Outside the product key (scrapers have none): expose /metrics only on a private network.
    const metrics = createMetrics(ctx.pool, [
      numberingMetric(ctx.emissions.engine),
      ...(ctx.transmissionMetrics?.metrics ?? []),
    ]);
    app.use(metrics.middleware);
    app.get('/metrics', metrics.handler);
  }
  app.use(docsRouter());

  const router = initServer().router(contract, {
    health: healthHandlers(ctx),
    openapi: openApiHandlers(),
    series: seriesHandlers(ctx),
    certificates: certificatesHandlers(ctx),
    emissions: emissionsHandlers(ctx),
    documents: documentsHandlers(ctx),
    events: eventsHandlers(ctx),
    voids: voidsHandlers(ctx),
    sefaz: sefazStatusHandlers(ctx),
    webhooks: webhooksHandlers(ctx),
  });
  createExpressEndpoints(contract, router, app, {
    // Body checks before the key check: a bad body is a 4xx whatever the key, as before. They run
    // on matched routes only (ts-rest marks the request first), so an unknown path is a 404.
    globalMiddleware: [
      requireJsonBody,
      requireReadableEncoding,
      ...jsonBody(),
      rejectUnstorableText,
      apiKeyAuth(ctx.authenticator, createAuthFailureLimiter(AUTH_FAILURE_DEFAULTS)),
    ],
    requestValidationErrorHandler: requestValidationHandler,
    responseValidation: true,
    logInitialization: false,
  });

  app.use(unknownRoute);
  app.use(errorHandler(ctx.logger));
  return app;
}
