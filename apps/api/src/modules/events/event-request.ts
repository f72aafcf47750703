import { localDateTime, ufInfo } from '@emissor/nfe-xml';
import {
  buildCancelamentoEvento,
  buildCartaCorrecaoEvento,
  signEvento,
  ufOfCUF,
  type Ambiente,
} from '@emissor/sefaz';
import type { Credentials } from '@emissor/signer';
import { sql, type Kysely } from 'kysely';

import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { idempotencyKeyReused } from '../../http/idempotency-key-reused.js';
import type { Logger } from '../../logging/logger.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { requireSlotCredentials } from '../certificates/slot-credentials.js';
import { requestFingerprint } from '../emissions/request-fingerprint.js';
import { judgeEvent } from './event-rules.js';
import {
  EVENT_RECORD,
  findEventByIdempotencyKey,
  type FiscalEventRecord,
} from './events.repository.js';

export interface EventDeps {
  db: Kysely<Database>;
  credentials: CredentialsCache;
  clock: () => Date;
  /** SEFAZ_SEND_LATE_CANCELLATIONS. */
  sendLateCancellations: boolean;
  /** Tells this process's workers that an event waits (they also poll). */
  onQueued: () => void;
  logger: Logger;
}

export type EventRequest =
  { tipo: 'cancelamento'; justificativa: string } | { tipo: 'carta_correcao'; correcao: string };

export interface EventOutcome {
  /** The key was used before for this very request: nothing was created. */
  replayed: boolean;
  event: FiscalEventRecord;
}

/** The document as an event needs it, read under its row lock. */
interface LockedDocument {
  tenant_ref: string;
  branch_ref: string;
  status: string;
  protocolo: string | null;
  autorizada_em: Date | null;
  chave_acesso: string;
  ambiente: string;
}

/**
 * Stores a cancellation or carta de correção, signed and queued for SEFAZ, once per
 * (product, Idempotency-Key). Every event of a document is decided under the document's row lock,
 * so concurrent requests see each other: one cancellation, consecutive CC-e sequences. A refusal
 * stores nothing; the unique indexes of migration 0009 back the lock up.
 */
export async function requestEvent(
  deps: EventDeps,
  productId: string,
  idempotencyKey: string,
  documentId: string,
  request: EventRequest,
): Promise<EventOutcome> {
  const fingerprint = requestFingerprint({ document_id: documentId, ...request });
  const known = await findEventByIdempotencyKey(deps.db, productId, idempotencyKey);
  if (known) return replayOf(known, fingerprint);
  try {
    const outcome = await deps.db
      .transaction()
      .execute((trx) =>
        storeEvent(trx, deps, { productId, idempotencyKey, fingerprint, documentId, request }),
      );
    if (!outcome.replayed) {
      deps.onQueued();
      deps.logger.info(
        { event_id: outcome.event.id, tipo: request.tipo, sequencia: outcome.event.sequencia },
        'fiscal event queued',
      );
    }
    return outcome;
  } catch (error) {
    // The same key on another document at the same moment: that request stored first.
    if (!isUniqueViolation(error, 'fiscal_events_product_idempotency_key')) throw error;
    const winner = await findEventByIdempotencyKey(deps.db, productId, idempotencyKey);
    if (!winner) throw error;
    return replayOf(winner, fingerprint);
  }
}

async function storeEvent(
  trx: Kysely<Database>,
  deps: EventDeps,
  input: {
    productId: string;
    idempotencyKey: string;
    fingerprint: string;
    documentId: string;
    request: EventRequest;
  },
): Promise<EventOutcome> {
  const { productId, documentId, request } = input;
  const { rows } = await sql<LockedDocument>`
    select tenant_ref, branch_ref, status, protocolo, autorizada_em, chave_acesso, ambiente
    from documents
    where id = ${documentId} and product_id = ${productId} and deleted_at is null
    for no key update`.execute(trx);
  const document = rows[0];
  if (!document) throw appError('document_not_found', 'No such document.');
  // Behind the lock: a request with this key that committed meanwhile is visible now.
  const known = await findEventByIdempotencyKey(trx, productId, input.idempotencyKey);
  if (known) return replayOf(known, input.fingerprint);

  const liveEvents = await trx
    .selectFrom('fiscal_events')
    .select(['tipo', 'sequencia'])
    .where('document_id', '=', documentId)
    .where('status', '<>', 'rejeitado')
    .execute();
  const now = deps.clock();
  const verdict = judgeEvent(
    request.tipo,
    { status: document.status, autorizadaEm: document.autorizada_em, liveEvents },
    now,
    { sendLate: deps.sendLateCancellations },
  );
  if ('refusal' in verdict) throw verdict.refusal;

  const { credentials } = await requireSlotCredentials(
    trx,
    deps.credentials,
    { productId, tenantRef: document.tenant_ref, branchRef: document.branch_ref },
    now,
  );
  const eventoXml = signedEvento(document, request, verdict.sequencia, now, credentials);
  const event = await trx
    .insertInto('fiscal_events')
    .values({
      product_id: productId,
      document_id: documentId,
      tipo: request.tipo,
      sequencia: verdict.sequencia,
      idempotency_key: input.idempotencyKey,
      request_fingerprint: input.fingerprint,
      evento_xml: eventoXml,
      protocolo: null,
      registrado_em: null,
      rejeicao_codigo: null,
      rejeicao_motivo: null,
      proc_xml: null,
    })
    .returning(EVENT_RECORD)
    .executeTakeFirstOrThrow();
  await trx.insertInto('fiscal_event_queue').values({ event_id: event.id }).execute();
  return { replayed: false, event };
}

/**
 * The signed `evento` (@emissor/sefaz): author = the emitter of the chave (574 otherwise), organ =
 * its UF, dhEvento = now in that UF's offset.
 */
function signedEvento(
  document: LockedDocument,
  request: EventRequest,
  sequencia: number,
  now: Date,
  credentials: Credentials,
): string {
  const chave = document.chave_acesso;
  const uf = ufOfCUF(chave.slice(0, 2));
  const info = uf && ufInfo(uf);
  if (!info) throw new Error(`chave ${chave} names no UF`);
  const common = {
    ambiente: document.ambiente as Ambiente,
    autor: { cnpj: chave.slice(6, 20) },
    chave,
    dhEvento: localDateTime(now, info).text,
  };
  if (request.tipo === 'cancelamento') {
    if (!document.protocolo) throw new Error('an autorizada document without its protocol');
    return signEvento(
      buildCancelamentoEvento({
        ...common,
        nProt: document.protocolo,
        justificativa: request.justificativa,
      }),
      credentials,
    );
  }
  return signEvento(
    buildCartaCorrecaoEvento({ ...common, nSeqEvento: sequencia, correcao: request.correcao }),
    credentials,
  );
}

function replayOf(event: FiscalEventRecord, fingerprint: string): EventOutcome {
  if (event.request_fingerprint !== fingerprint) throw idempotencyKeyReused();
  return { replayed: true, event };
}
