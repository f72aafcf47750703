import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Request } from 'express';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { RequestValidationFailure } from '../../errors.js';
import { preferredWait } from '../../http/prefer-wait.js';
import { productOf } from '../../http/product-of.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { toDocumentRead } from '../documents/documents.mapper.js';
import { findDocument } from '../documents/documents.repository.js';
import { readWhenFinal } from '../documents/wait-until-final.js';
import type { FinalStatusSignal } from '../transmission/final-status-signal.js';
import { ambienteNotServed } from '../transmission/served-ambientes.js';
import { emitDocument } from './emission.service.js';
import type { Emissions } from './emissions.js';

/** What the emission routes use of the app's context (app-context.ts). */
export interface EmissionRoutesContext {
  db: Kysely<Database>;
  env: Env;
  credentials: CredentialsCache;
  emissions: Emissions;
  /** Absent when SEFAZ=off: nothing is waited for. */
  finalStatus?: FinalStatusSignal | undefined;
  clock: () => Date;
}

export function emissionsHandlers(ctx: EmissionRoutesContext) {
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
