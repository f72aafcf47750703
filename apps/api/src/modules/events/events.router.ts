import { contract } from '@emissor/contract';
import { initServer } from '@ts-rest/express';
import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { appError } from '../../errors.js';
import { preferredWait } from '../../http/prefer-wait.js';
import { productOf } from '../../http/product-of.js';
import type { Logger } from '../../logging/logger.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { readWhenFinal } from '../documents/wait-until-final.js';
import type { FinalStatusSignal } from '../transmission/final-status-signal.js';
import { requestEvent, type EventDeps, type EventRequest } from './event-request.js';
import { toFiscalEventRead } from './events.mapper.js';
import { findEvent, findEventXml, listDocumentEvents } from './events.repository.js';

const notFound = () => appError('event_not_found', 'No such event.');

/** Events exist only at SEFAZ: with SEFAZ=off they are refused (docs/api-rules.md). */
function refuseWithoutSefaz(sefaz: string | undefined): void {
  if (sefaz === 'off')
    throw appError(
      'sefaz_disabled',
      'Transmission to SEFAZ is off (SEFAZ=off); events cannot be sent.',
    );
}

/** What the event routes use of the app's context (app-context.ts). */
export interface EventRoutesContext {
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

export function eventsHandlers(ctx: EventRoutesContext) {
  const { db, finalStatus } = ctx;
  const deps: EventDeps = {
    db,
    credentials: ctx.credentials,
    clock: ctx.clock,
    sendLateCancellations: ctx.env.SEFAZ_SEND_LATE_CANCELLATIONS,
    onQueued: () => ctx.onSefazWorkQueued?.(),
    logger: ctx.logger.child({ module: 'events' }),
  };

  /** POST: store (or replay), then honour `Prefer: wait=N`. */
  const post = async (
    req: Request,
    res: Response,
    key: string,
    documentId: string,
    request: EventRequest,
  ) => {
    refuseWithoutSefaz(ctx.env.SEFAZ);
    const productId = productOf(req);
    const outcome = await requestEvent(deps, productId, key, documentId, request);
    let event = outcome.event;
    const wait = preferredWait(req.headers.prefer);
    if (wait !== undefined) {
      event =
        (await readWhenFinal(finalStatus, event.id, wait, () =>
          findEvent(db, productId, event.id),
        )) ?? event;
      res.setHeader('Preference-Applied', `wait=${wait}`);
    }
    if (outcome.replayed) {
      res.setHeader('Idempotent-Replayed', 'true');
      return { status: 200 as const, body: toFiscalEventRead(event) };
    }
    return { status: 201 as const, body: toFiscalEventRead(event) };
  };

  return initServer().router(contract.events, {
    cancelDocument: ({ headers, params, body, req, res }) =>
      post(req, res, headers['idempotency-key'], params.document_id, {
        tipo: 'cancelamento',
        justificativa: body.justificativa,
      }),
    correctDocument: ({ headers, params, body, req, res }) =>
      post(req, res, headers['idempotency-key'], params.document_id, {
        tipo: 'carta_correcao',
        correcao: body.correcao,
      }),
    listDocumentEvents: async ({ params, req }) => {
      const events = await listDocumentEvents(db, productOf(req), params.document_id);
      if (!events) throw appError('document_not_found', 'No such document.');
      return { status: 200, body: events.map(toFiscalEventRead) };
    },
    getEvent: async ({ params, req, res }) => {
      const productId = productOf(req);
      const read = () => findEvent(db, productId, params.event_id);
      const wait = preferredWait(req.headers.prefer);
      const event =
        wait === undefined
          ? await read()
          : await readWhenFinal(finalStatus, params.event_id, wait, read);
      if (!event) throw notFound();
      if (wait !== undefined) res.setHeader('Preference-Applied', `wait=${wait}`);
      return { status: 200, body: toFiscalEventRead(event) };
    },
    getEventXml: async ({ params, req }) => {
      const xml = await findEventXml(db, productOf(req), params.event_id);
      if (xml === undefined) throw notFound();
      return { status: 200, body: xml };
    },
  });
}
