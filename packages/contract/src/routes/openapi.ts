import { initContract } from '@ts-rest/core';
import { z } from 'zod';

import { crashes } from './responses.js';

const c = initContract();

/** The generated OpenAPI document; no API key. */
export const openApiRouter = c.router({
  getOpenApi: {
    method: 'GET',
    path: '/openapi.json',
    summary: 'The OpenAPI document of this interface, generated from the contract',
    responses: { 200: z.record(z.string(), z.unknown()), ...crashes },
    metadata: { auth: 'none' } as const,
  },
});
