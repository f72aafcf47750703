import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';

import { version } from '../../version.js';
import { buildOpenApiDocument } from './openapi-document.js';

/** Generated from the contract once per process: the document can never drift from the code. */
export function openApiHandlers() {
  let document: Record<string, unknown> | undefined;
  return initServer().router(contract.openapi, {
    getOpenApi: () => {
      document ??= buildOpenApiDocument(version);
      return Promise.resolve({ status: 200, body: document });
    },
  });
}
