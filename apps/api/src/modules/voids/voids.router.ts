import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { appError, RequestValidationFailure } from '../../errors.js';
import { preferredWait } from '../../http/prefer-wait.js';
import { productOf } from '../../http/product-of.js';
import type { Logger } from '../../logging/logger.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { readWhenFinal } from '../documents/wait-until-final.js';
import type { FinalStatusSignal } from '../transmission/final-status-signal.js';
import { knownSefazRefusals } from './known-sefaz-refusals.js';
import { requestVoid, type VoidDeps } from './void-request.js';
import { toFiscalVoidRead } from './voids.mapper.js';
import { findVoid, findVoidXml, listVoids } from './voids.repository.js';

const notFound = () => appError('inutilizacao_not_found', 'No such inutilização.');

/** Inutilizações exist only at SEFAZ: with SEFAZ=off they are refused (docs/api-rules.md). */
function refuseWithoutSefaz(sefaz: string | undefined): void {
  if (sefaz === 'off')
    throw appError(
      'sefaz_disabled',
      'Transmission to SEFAZ is off (SEFAZ=off); inutilizações cannot be sent.',
    );
}

/** What the inutilização routes use of the app's context (app-context.ts). */
export interface VoidRoutesContext {
  db: Kysely<Database>;
  env: Env;
  logger: Logger;
  credentials: CredentialsCache;
  clock: () => Date;
  /** Absent when SEFAZ=off: nothing is waited for. */
  finalStatus?: FinalStatusSignal | undefined;
  /** Tells this process's workers that work was queued (absent when SEFAZ=off). */
  onSefazWorkQueued?: (() => void) | undefined;
}

export function voidsHandlers(ctx: VoidRoutesContext) {
  const { db, finalStatus } = ctx;
  const deps: VoidDeps = {
    db,
    credentials: ctx.credentials,
    clock: ctx.clock,
    onQueued: () => ctx.onSefazWorkQueued?.(),
    logger: ctx.logger.child({ module: 'inutilizacoes' }),
  };

  return initServer().router(contract.voids, {
    createInutilizacao: async ({ headers, body, req, res }) => {
      // Bad input first, whatever the configuration; nothing is stored for a refused request.
      const refusals = knownSefazRefusals(body, ctx.env.SEFAZ);
      if (refusals.length > 0) throw new RequestValidationFailure(refusals);
      refuseWithoutSefaz(ctx.env.SEFAZ);
      const productId = productOf(req);
      const outcome = await requestVoid(deps, productId, headers['idempotency-key'], body);
      let record = outcome.record;
      const wait = preferredWait(req.headers.prefer);
      if (wait !== undefined) {
        record =
          (await readWhenFinal(finalStatus, record.id, wait, () =>
            findVoid(db, productId, record.id),
          )) ?? record;
        res.setHeader('Preference-Applied', `wait=${wait}`);
      }
      if (outcome.replayed) {
        res.setHeader('Idempotent-Replayed', 'true');
        return { status: 200, body: toFiscalVoidRead(record) };
      }
      return { status: 201, body: toFiscalVoidRead(record) };
    },
    listInutilizacoes: async ({ query, req }) => {
      const rows = await listVoids(db, {
        productId: productOf(req),
        tenantRef: query.tenant_ref,
        branchRef: query.branch_ref,
        limit: query.limit,
        offset: query.offset,
      });
      return { status: 200, body: rows.map(toFiscalVoidRead) };
    },
    getInutilizacao: async ({ params, req, res }) => {
      const productId = productOf(req);
      const read = () => findVoid(db, productId, params.inutilizacao_id);
      const wait = preferredWait(req.headers.prefer);
      const record =
        wait === undefined
          ? await read()
          : await readWhenFinal(finalStatus, params.inutilizacao_id, wait, read);
      if (!record) throw notFound();
      if (wait !== undefined) res.setHeader('Preference-Applied', `wait=${wait}`);
      return { status: 200, body: toFiscalVoidRead(record) };
    },
    getInutilizacaoXml: async ({ params, req }) => {
      const xml = await findVoidXml(db, productOf(req), params.inutilizacao_id);
      if (!xml) throw notFound();
      return { status: 200, body: xml };
    },
  });
}
