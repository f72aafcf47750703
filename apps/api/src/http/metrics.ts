import { contract } from '@emissor/contract';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

import { matchedRoute } from './matched-route.js';

/** Label of requests that match no contract route (bounded: raw URLs never become labels). */
const UNMATCHED = 'unmatched';
const EMIT = contract.emissions.emit;

function emissionOutcome(status: number): 'created' | 'replayed' | 'refused' {
  if (status === 201) return 'created';
  if (status === 200) return 'replayed';
  return 'refused';
}

export interface AppMetrics {
  registry: Registry;
  /** Counts every request by contract route and status, and times emissions. Mount first. */
  middleware: RequestHandler;
  /** `GET /metrics` in the Prometheus text format. */
  handler: RequestHandler;
}

/**
 * One registry per app: several apps in one process (tests) never share or collide on metric
 * names. Labels are the contract path, method and status only; never keys, refs or URLs.
 */
export function createMetrics(pool: pg.Pool, extra: readonly Metric[] = []): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'emissor_http_requests_total',
    help: 'HTTP requests by contract route, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const emissions = new Counter({
    name: 'emissor_emissions_total',
    help: 'POST /v1/emissoes by outcome (created 201, replayed 200, refused otherwise) and status.',
    labelNames: ['outcome', 'status'] as const,
    registers: [registry],
  });
  const emissionSeconds = new Histogram({
    name: 'emissor_emission_duration_seconds',
    help: 'Time to answer POST /v1/emissoes, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Read when scraped, so the numbers are those of that moment.
  new Gauge({
    name: 'emissor_db_pool_connections',
    help: 'PostgreSQL pool of this process: total, idle and waiting (clients queued for a connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // Metrics the modules keep (emissions' numbering, transmission): counted there, exported here.
  // Registered last, so the pool gauge above is read before a collect borrows a connection for its
  // query.
  for (const metric of extra) registry.registerMetric(metric);

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const status = res.statusCode;
      // The route ts-rest matched (its path, e.g. `/v1/documentos/:document_id`); none when the
      // request never reached a contract route.
      const matched = matchedRoute(req);
      requests.inc({
        method: req.method,
        route: matched?.path ?? UNMATCHED,
        status: String(status),
      });
      if (matched === EMIT) {
        const outcome = emissionOutcome(status);
        emissions.inc({ outcome, status: String(status) });
        emissionSeconds.observe({ outcome }, Number(process.hrtime.bigint() - started) / 1e9);
      }
    });
    next();
  };

  const handler: RequestHandler = (_req, res, next) => {
    registry
      .metrics()
      .then((text) => {
        // end(), not send(): send() would rewrite the content type prom-client chose.
        res.setHeader('Content-Type', registry.contentType);
        res.end(text);
      })
      .catch(next);
  };

  return { registry, middleware, handler };
}
