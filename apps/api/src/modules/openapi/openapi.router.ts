import { contract } from '@emissor/contract';
import { generateOpenApi } from '@ts-rest/open-api';
import { initServer } from '@ts-rest/express';

import { version } from '../../version.js';

/** Generated from the contract once per process: the document can never drift from the code. */
export function openApiRouter() {
  let document: Record<string, unknown> | undefined;
  return initServer().router(contract.openapi, {
    getOpenApi: () => {
      document ??= generateOpenApi(contract, { info: { title: 'Emissor API', version } }, { setOperationId: true }) as Record<
        string,
        unknown
      >;
      return Promise.resolve({ status: 200, body: document });
    },
  });
}
