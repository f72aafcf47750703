import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';

import type { AppContext } from '../../app-context.js';
import { productOf } from '../../http/product-of.js';
import { toDocumentRead } from '../documents/documents.mapper.js';
import { emitDocument } from './emission.service.js';

export function emissionsHandlers({ db, pool, credentials, emissions, clock }: AppContext) {
  return initServer().router(contract.emissions, {
    emit: async ({ headers, body, req, res }) => {
      const outcome = await emitDocument(
        { db, pool, credentials, emissions, clock },
        productOf(req),
        headers['idempotency-key'],
        body,
      );
      if (outcome.replayed) {
        res.setHeader('Idempotent-Replayed', 'true');
        return { status: 200, body: toDocumentRead(outcome.document) };
      }
      return { status: 201, body: toDocumentRead(outcome.document) };
    },
  });
}
