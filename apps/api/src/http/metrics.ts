import { contract } from '@emissor/contract';
import { isAppRoute, type AppRouter } from '@ts-rest/core';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

import type { EmissionEngine } from '../modules/emissions/emission-job.js';

/** Label of requests that match no contract route (bounded: raw URLs never become labels). */
const UNMATCHED = 'unmatched';
const EMISSION_PATH = contract.emissions.emit.path;

interface RoutePattern {
  method: string;
  path: string;
  regex: RegExp;
}

/** `/v1/documentos/:document_id` → a regex matching one path segment per parameter. */
function patternsOf(router: AppRouter): RoutePattern[] {
  return Object.values(router).flatMap((value) => {
    if (!isAppRoute(value)) return patternsOf(value);
    const source = value.path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return [{ method: value.method, path: value.path, regex: new RegExp(`^${source}/?$`) }];
  });
}

const PATTERNS = patternsOf(contract);

/** The contract path a request is for (e.g. `/v1/documentos/:document_id`), or `unmatched`. */
export function routeLabel(method: string, path: string): string {
  // A literal path (`/v1/health/ready`) is tried before one with parameters that could also match.
  const candidates = PATTERNS.filter((p) => p.method === method && p.regex.test(path));
  candidates.sort((a, b) => a.path.split(':').length - b.path.split(':').length);
  return candidates[0]?.path ?? UNMATCHED;
}

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
export function createMetrics(
  pool: pg.Pool,
  engine: EmissionEngine,
  extra: readonly Metric[] = [],
): AppMetrics {
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

  // A counter read from the emission engine when scraped: it counts in plain numbers, not through prom-client.
  new Counter({
    name: 'emissor_emission_numbering_total',
    help:
      'Numbering in this process since it started: documents stored optimistically and the statements that ' +
      'stored them, series claims lost to ' +
      'another process (retried), transactions of the locked path, and optimistic batches that signed while ' +
      'an earlier batch of their series was being stored.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const stats = engine.stats();
      this.reset();
      this.inc({ kind: 'optimistic_stored' }, stats.optimisticStored);
      this.inc({ kind: 'optimistic_statements' }, stats.optimisticStatements);
      this.inc({ kind: 'claims_lost' }, stats.claimsLost);
      this.inc({ kind: 'locked_batches' }, stats.lockedBatches);
      this.inc({ kind: 'pipelined_batches' }, stats.pipelinedBatches);
    },
  });

  // Metrics other modules keep (transmission): counted there, exported here. Registered last, so
  // the pool gauge above is read before their collect borrows a connection for its query.
  for (const metric of extra) registry.registerMetric(metric);

  const middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: mounted routers rewrite req.url while they handle the request.
    const route = routeLabel(req.method, req.path);
    res.on('finish', () => {
      const status = res.statusCode;
      requests.inc({ method: req.method, route, status: String(status) });
      if (route === EMISSION_PATH && req.method === 'POST') {
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
