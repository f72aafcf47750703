import type { Selectable } from 'kysely';
import type pg from 'pg';

import type { DocumentTable, FiscalVoidQueueTable, FiscalVoidTable } from '../../db/schema.js';
import type { LaterAttempt } from '../../queue/attempt-result.js';
import {
  doneCte,
  recordClaimCtes,
  rescheduleStatement,
  type QueueTable,
} from '../../queue/queue-sql.js';
import type { RecordStore } from '../../queue/record-work.js';
import { FINAL_STATUS_CHANNEL } from '../transmission/final-status-signal.js';
import { voidMessages, voidReturning } from '../webhooks/outbox-messages.js';
import { webhookOutboxCtes, WEBHOOK_TOLD_COLUMN } from '../webhooks/outbox.js';
import type { VoidFields } from './inut-message.js';

const QUEUE: QueueTable = { table: 'fiscal_void_queue', id: 'void_id' };

type Queue = Selectable<FiscalVoidQueueTable>;
type Void = Selectable<FiscalVoidTable>;

/** An inutilização claimed for one attempt, with what the attempt needs to talk to SEFAZ. */
// Its fields are typed from db/schema.ts (CLAIM below selects them), so a column renamed or
// removed there fails to compile here.
export interface ClaimedVoid
  extends
    VoidFields,
    Pick<
      Void,
      | 'ambiente'
      | 'cuf'
      | 'ano'
      | 'cnpj'
      | 'serie'
      | 'numero_inicial'
      | 'numero_final'
      | 'justificativa'
    > {
  voidId: Queue['void_id'];
  attempt: Queue['attempts'];
  /** An earlier attempt may have sent it: a 563 answer then means it was homologated. */
  maybeSent: Queue['sent'];
  origem: Void['origem'];
  /** The rejected document whose number this voids (origem rejeicao). */
  chave: Selectable<DocumentTable>['chave_acesso'] | null;
  /** The signed inutNFe; null for an automatic void before its first attempt signs it. */
  inutXml: Void['inut_xml'];
  /** The slot's live certificate now (null: none; the attempt waits for one). */
  certificateId: string | null;
}

/** An inutilização's final result: homologated (with its protocol when known), or refused. */
export type VoidFinalResult =
  | {
      kind: 'final';
      status: 'homologada';
      cStat: string;
      xMotivo: string;
      protocolo: string | null;
      homologadaEm: string | null;
      procXml: string | null;
    }
  | { kind: 'final'; status: 'rejeitada'; cStat: string; xMotivo: string };

export type VoidAttemptResult = VoidFinalResult | LaterAttempt;

const CLAIM = {
  name: 'emissor_fiscal_void_claim',
  text: `
    with ${recordClaimCtes(QUEUE)}
    select c.record_id as "voidId", c.attempts as attempt, c.was_sent as "maybeSent",
           v.origem, v.ambiente, v.cuf, v.ano, v.cnpj, v.serie, v.numero_inicial,
           v.numero_final, v.justificativa, v.inut_xml as "inutXml", d.chave_acesso as chave,
           cert.id as "certificateId"
    from claimed c
    join fiscal_voids v on v.id = c.record_id
    left join documents d on d.id = v.document_id
    left join certificates cert
      on cert.product_id = v.product_id and cert.tenant_ref = v.tenant_ref
     and cert.branch_ref = v.branch_ref and cert.deleted_at is null`,
};

const RESCHEDULE = { name: 'emissor_fiscal_void_reschedule', text: rescheduleStatement(QUEUE) };

// Stored before the first send, so every attempt sends the same signed message and GET …/xml
// serves it. An attempt that lost its lease meanwhile keeps the one stored first.
const STORE_SIGNED = {
  name: 'emissor_fiscal_void_store_signed',
  text: `update fiscal_voids set inut_xml = coalesce(inut_xml, $2) where id = $1 returning inut_xml`,
};

// The final status and the end of the queue row commit together, only for the attempt that still
// holds the row, with the product's webhook deliveries (webhooks/outbox.ts).
const FINISH = {
  name: 'emissor_fiscal_void_finish',
  text: `
    with ${doneCte(QUEUE)}, updated as (
      update fiscal_voids v
      set status = $3, protocolo = $4, homologada_em = $5::timestamptz,
          rejeicao_codigo = $6, rejeicao_motivo = left($7, 500), proc_xml = $8
      from done where v.id = done.record_id and v.status = 'processando'
      returning ${voidReturning('v')}
    ), told as (
      select pg_notify('${FINAL_STATUS_CHANNEL}', id::text) from updated
    ), ${webhookOutboxCtes(voidMessages('updated'))}
    select (select count(*) from updated)::int as updated, (select count(*) from told)::int as told,
           ${WEBHOOK_TOLD_COLUMN}`,
};

/** The inutilizações in transmission (fiscal_void_queue), as the record workers use them. */
export interface VoidStore extends RecordStore<ClaimedVoid, VoidFinalResult> {
  /** Stores the signed inutNFe unless one is stored already; returns the stored one. */
  storeSigned(voidId: string, inutXml: string): Promise<string>;
}

// Named prepared statements through pg (parsed once per connection); rows typed as above.
export function createVoidStore(pool: pg.Pool): VoidStore {
  return {
    async claim(limit, leaseMs) {
      const { rows } = await pool.query<ClaimedVoid>({ ...CLAIM, values: [limit, leaseMs] });
      return rows;
    },
    async storeSigned(voidId, inutXml) {
      const { rows } = await pool.query<Pick<Void, 'inut_xml'>>({
        ...STORE_SIGNED,
        values: [voidId, inutXml],
      });
      const stored = rows[0]?.inut_xml;
      if (!stored) throw new Error(`inutilização ${voidId} vanished`);
      return stored;
    },
    async settle(claimed, result) {
      if (result.kind === 'later') {
        const { rowCount } = await pool.query({
          ...RESCHEDULE,
          values: [
            claimed.voidId,
            claimed.attempt,
            Math.round(result.delayMs),
            result.cStat ?? null,
            result.error,
          ],
        });
        return rowCount === 1;
      }
      const homologated = result.status === 'homologada';
      const { rows } = await pool.query<{ updated: number; told: number }>({
        ...FINISH,
        values: [
          claimed.voidId,
          claimed.attempt,
          result.status,
          homologated ? result.protocolo : null,
          homologated ? result.homologadaEm : null,
          homologated ? null : result.cStat,
          homologated ? null : result.xMotivo,
          homologated ? result.procXml : null,
        ],
      });
      return rows[0]?.updated === 1;
    },
  };
}
