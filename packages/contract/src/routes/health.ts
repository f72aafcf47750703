import { initContract } from '@ts-rest/core';

import { HealthSchema, NotReadySchema, ReadySchema } from '../schemas/health.js';
import { asBody } from '../openapi-meta.js';
import { crashes } from './responses.js';

const c = initContract();

/** Liveness and readiness; no API key. */
export const healthRouter = c.router({
  getHealth: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness: the process is up (does not touch the database)',
    responses: {
      200: asBody(HealthSchema, 'The process is up', {
        up: { summary: 'Up', value: { status: 'ok', version: '0.1.0' } },
      }),
      ...crashes,
    },
    metadata: { auth: 'none' } as const,
  },
  getReady: {
    method: 'GET',
    path: '/health/ready',
    summary: 'Readiness: the database answers',
    responses: {
      200: asBody(ReadySchema, 'Ready: the database answers', {
        ready: { summary: 'Ready', value: { status: 'ok', database: 'ok' } },
      }),
      503: asBody(NotReadySchema, 'Not ready: the database does not answer', {
        'database down': {
          summary: 'PostgreSQL unreachable',
          value: { status: 'unavailable', database: 'unreachable' },
        },
      }),
      ...crashes,
    },
    metadata: { auth: 'none' } as const,
  },
});
