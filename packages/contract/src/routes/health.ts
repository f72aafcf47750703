import { initContract } from '@ts-rest/core';

import { HealthSchema, NotReadySchema, ReadySchema } from '../schemas/health.js';
import { crashes } from './responses.js';

const c = initContract();

/** Liveness and readiness; no API key. */
export const healthRouter = c.router({
  getHealth: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the process is up (does not touch the database)',
    responses: { 200: HealthSchema, ...crashes },
    metadata: { auth: 'none' } as const,
  },
  getReady: {
    method: 'GET',
    path: '/health/ready',
    summary: 'Readiness: the database answers',
    responses: { 200: ReadySchema, 503: NotReadySchema, ...crashes },
    metadata: { auth: 'none' } as const,
  },
});
