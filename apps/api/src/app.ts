import { contract } from '@emissor/contract';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import express from 'express';

import type { AppContext } from './app-context.js';
import { apiKeyAuth } from './http/api-key-auth.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { AUTH_FAILURE_DEFAULTS, createAuthFailureLimiter } from './http/rate-limit.js';
import { createMetrics } from './http/metrics.js';
import { requestContext } from './http/request-context.js';
import { requestValidationHandler } from './http/request-validation-handler.js';
import { securityHeaders } from './http/security-headers.js';
import { noteNulEscapes, rejectNulCharacters } from './http/text-guard.js';
import { certificatesRouter } from './modules/certificates/certificates.router.js';
import { docsRouter } from './modules/docs/docs.router.js';
import { documentsRouter } from './modules/documents/documents.router.js';
import { emissionsRouter } from './modules/emissions/emissions.router.js';
import { healthRouter } from './modules/health/health.router.js';
import { openApiRouter } from './modules/openapi/openapi.router.js';
import { seriesRouter } from './modules/series/series.router.js';

export type { AppContext };

/** decisions.md: JSON bodies above 2 MiB are a 413 (a 990-item emission is about 600 KiB). */
const JSON_BODY_LIMIT = '2mb';

/** The Express app for one process: every contract route, behind auth where the contract says. */
export function createApp(ctx: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestContext(ctx.logger));
  app.use(securityHeaders);
  if (ctx.env.METRICS_ENABLED) {
    // Outside the product key (scrapers have none): expose /metrics only on a private network.
    const metrics = createMetrics(ctx.pool, ctx.emissions.engine);
    app.use(metrics.middleware);
    app.get('/metrics', metrics.handler);
  }
  app.use(docsRouter());
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      type: ['application/json', 'application/*+json'],
      verify: noteNulEscapes,
    }),
  );
  app.use(rejectNulCharacters);

  const router = initServer().router(contract, {
    health: healthRouter(ctx),
    openapi: openApiRouter(),
    series: seriesRouter(ctx),
    certificates: certificatesRouter(ctx),
    emissions: emissionsRouter(ctx),
    documents: documentsRouter(ctx),
  });
  createExpressEndpoints(contract, router, app, {
    globalMiddleware: [
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
