import type { InutilizacaoRequest } from '@emissor/contract';
import { localDateTime, ufInfo } from '@emissor/nfe-xml';
import { cUFOf } from '@emissor/sefaz';
import { sql, type Kysely } from 'kysely';

import { liveInSlot } from '../../db/live-slot.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { idempotencyKeyReused } from '../../http/idempotency-key-reused.js';
import type { Logger } from '../../logging/logger.js';
import type { CredentialsCache } from '../certificates/credentials-cache.js';
import { requireSlotCredentials } from '../certificates/slot-credentials.js';
import { requestFingerprint } from '../emissions/request-fingerprint.js';
import { signedInutNFe } from './inut-message.js';
import {
  findVoidByIdempotencyKey,
  VOID_RECORD,
  type FiscalVoidRecord,
} from './voids.repository.js';

export interface VoidDeps {
  db: Kysely<Database>;
  credentials: CredentialsCache;
  clock: () => Date;
  onQueued: () => void;
  logger: Logger;
}

export interface VoidOutcome {
  replayed: boolean;
  record: FiscalVoidRecord;
}

/** Documents whose number SEFAZ holds (or may soon hold): their numbers cannot be voided. */
const LIVE_STATUSES = ['processando', 'autorizada', 'denegada', 'cancelada'];

/**
 * Stores a manual inutilização, signed and queued, once per (product, Idempotency-Key). The range
 * is judged under the series row lock, which emissions take to number documents and PATCH takes to
 * move the counter: the counter, the documents below it and the series' earlier inutilizações
 * cannot change while it is decided, so a number is never both used and voided (SEFAZ 241/256/563
 * are never met by a request we send, nor 206 by a later emission).
 */
export async function requestVoid(
  deps: VoidDeps,
  productId: string,
  idempotencyKey: string,
  request: InutilizacaoRequest,
): Promise<VoidOutcome> {
  const fingerprint = requestFingerprint(request);
  const known = await findVoidByIdempotencyKey(deps.db, productId, idempotencyKey);
  if (known) return replayOf(known, fingerprint);
  try {
    const outcome = await deps.db
      .transaction()
      .execute((trx) => storeVoid(trx, deps, { productId, idempotencyKey, fingerprint, request }));
    if (!outcome.replayed) {
      deps.onQueued();
      deps.logger.info(
        {
          inutilizacao_id: outcome.record.id,
          origem: 'manual',
          serie: request.serie,
          numero_inicial: request.numero_inicial,
          numero_final: request.numero_final,
        },
        'inutilização queued',
      );
    }
    return outcome;
  } catch (error) {
    if (!isUniqueViolation(error, 'fiscal_voids_product_idempotency_key')) throw error;
    const winner = await findVoidByIdempotencyKey(deps.db, productId, idempotencyKey);
    if (!winner) throw error;
    return replayOf(winner, fingerprint);
  }
}

async function storeVoid(
  trx: Kysely<Database>,
  deps: VoidDeps,
  input: {
    productId: string;
    idempotencyKey: string;
    fingerprint: string;
    request: InutilizacaoRequest;
  },
): Promise<VoidOutcome> {
  const { productId, request } = input;
  const first = request.numero_inicial;
  const last = request.numero_final;
  const { rows } = await sql<{ id: string; next_number: number }>`
    select id, next_number from series
    where ${liveInSlot({ productId, tenantRef: request.tenant_ref, branchRef: request.branch_ref })}
      and document_model = '55' and serie = ${request.serie}
    for no key update`.execute(trx);
  const series = rows[0];
  if (!series)
    throw appError('series_not_found', `No series ${request.serie} for this tenant and branch.`);
  const known = await findVoidByIdempotencyKey(trx, productId, input.idempotencyKey);
  if (known) return replayOf(known, input.fingerprint);

  if (last >= series.next_number)
    throw appError(
      'numbers_in_use',
      `The range must lie below the series' next_number (${series.next_number}): those numbers are still to be issued.`,
    );
  const used = await trx
    .selectFrom('documents')
    .select(['numero', 'status'])
    .where('series_id', '=', series.id)
    .where('numero', '>=', first)
    .where('numero', '<=', last)
    .where('status', 'in', LIVE_STATUSES)
    .orderBy('numero')
    .limit(1)
    .executeTakeFirst();
  if (used)
    throw appError(
      'numbers_in_use',
      `Number ${used.numero} of the range belongs to a document that is ${used.status}.`,
    );
  const voided = await trx
    .selectFrom('fiscal_voids')
    .select(['numero_inicial', 'numero_final', 'status'])
    .where('series_id', '=', series.id)
    .where('status', '<>', 'rejeitada')
    .where('numero_inicial', '<=', last)
    .where('numero_final', '>=', first)
    .limit(1)
    .executeTakeFirst();
  if (voided)
    throw appError(
      'numbers_in_use',
      `The range overlaps the inutilização of ${voided.numero_inicial}–${voided.numero_final} (${voided.status}).`,
    );

  const now = deps.clock();
  const { certificate, credentials } = await requireSlotCredentials(
    trx,
    deps.credentials,
    { productId, tenantRef: request.tenant_ref, branchRef: request.branch_ref },
    now,
  );
  const info = ufInfo(request.uf);
  if (!info) throw new Error(`not a UF: ${request.uf}`);
  const fields = {
    ambiente: request.ambiente,
    cuf: cUFOf(request.uf),
    // `ano` of infInut: this year where the emitter is (SEFAZ refuses a later one, 453).
    ano: String(localDateTime(now, info).year % 100).padStart(2, '0'),
    cnpj: certificate.cnpj,
    serie: request.serie,
    numero_inicial: first,
    numero_final: last,
    justificativa: request.justificativa,
  };
  const record = await trx
    .insertInto('fiscal_voids')
    .values({
      ...fields,
      product_id: productId,
      tenant_ref: request.tenant_ref,
      branch_ref: request.branch_ref,
      series_id: series.id,
      origem: 'manual',
      document_id: null,
      protocolo: null,
      homologada_em: null,
      rejeicao_codigo: null,
      rejeicao_motivo: null,
      idempotency_key: input.idempotencyKey,
      request_fingerprint: input.fingerprint,
      inut_xml: signedInutNFe(fields, credentials),
      proc_xml: null,
    })
    .returning(VOID_RECORD)
    .executeTakeFirstOrThrow();
  await trx.insertInto('fiscal_void_queue').values({ void_id: record.id }).execute();
  return { replayed: false, record };
}

function replayOf(record: FiscalVoidRecord, fingerprint: string): VoidOutcome {
  if (record.request_fingerprint !== fingerprint) throw idempotencyKeyReused();
  return { replayed: true, record };
}
