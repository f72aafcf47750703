import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Request } from 'express';

import type { AppContext } from '../../app-context.js';
import { RequestValidationFailure } from '../../errors.js';
import { productOf } from '../../http/product-of.js';
import { preferredWait } from '../../http/prefer-wait.js';
import { toDocumentRead } from '../documents/documents.mapper.js';
import { findDocument } from '../documents/documents.repository.js';
import { readWhenFinal } from '../documents/wait-until-final.js';
import { ambienteNotServed } from '../transmission/served-ambientes.js';
import { emitDocument } from './emission.service.js';

export function emissionsHandlers(ctx: AppContext) {
  const { db, credentials, emissions, finalStatus, clock } = ctx;
  const responsavelTecnico = ctx.env.RESPONSAVEL_TECNICO;
  return initServer().router(contract.emissions, {
    emit: async ({ headers, body, req, res }) => {
      // A body the configured SEFAZ would refuse is bad input: no number is spent on it.
      const unserved = ambienteNotServed(body.ambiente, ctx.env.SEFAZ);
      if (unserved.length > 0) throw new RequestValidationFailure(unserved);
      // The contract's parse (`body`) is what is used from here on; Express's own parse of the
      // same JSON would otherwise stay reachable from `req` while the emission waits for its batch.
      (req as Request).body = undefined;
      const outcome = await emitDocument(
        { db, credentials, emissions, clock, ...(responsavelTecnico && { responsavelTecnico }) },
        productOf(req),
        headers['idempotency-key'],
        body,
      );
      let document = outcome.document;
      const wait = preferredWait(req.headers.prefer);
      if (wait !== undefined) {
        // Answer once the document is final or N seconds pass (docs/api-rules.md "Prefer: wait").
        const productId = productOf(req);
        document =
          (await readWhenFinal(finalStatus, document.id, wait, () =>
            findDocument(db, productId, document.id),
          )) ?? document;
        res.setHeader('Preference-Applied', `wait=${wait}`);
      }
      if (outcome.replayed) {
        res.setHeader('Idempotent-Replayed', 'true');
        return { status: 200, body: toDocumentRead(document) };
      }
      return { status: 201, body: toDocumentRead(document) };
    },
  });
}
