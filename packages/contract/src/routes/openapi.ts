import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { asBody } from '../openapi-meta.js';
import { crashes } from './responses.js';

const c = initContract();

/** The generated OpenAPI document; no API key. */
export const openApiRouter = c.router({
  getOpenApi: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'The OpenAPI document of this interface, generated from the contract',
    responses: {
      200: asBody(z.record(z.string(), z.unknown()), 'The OpenAPI 3.0 document (this one)', {
        document: {
          summary: 'The start of the document',
          value: {
            openapi: '3.0.2',
            info: { title: 'Emissor API', version: '0.1.0' },
            servers: [{ url: '/' }],
            paths: { '/v1/emissoes': { post: { operationId: 'emit' } } },
          },
        },
      }),
      ...crashes,
    },
    metadata: { auth: 'none' } as const,
  },
});
