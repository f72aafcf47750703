import type { Selectable } from 'kysely';
import type pg from 'pg';

import type { DocumentTable, FiscalEventQueueTable, FiscalEventTable } from '../../db/schema.js';
import type { LaterAttempt } from '../../queue/attempt-result.js';
import {
  doneCte,
  recordClaimCtes,
  rescheduleStatement,
  type QueueTable,
} from '../../queue/queue-sql.js';
import type { RecordStore } from '../../queue/record-work.js';
import { FINAL_STATUS_CHANNEL } from '../transmission/final-status-signal.js';
import {
  documentMessages,
  documentReturning,
  eventMessages,
  eventReturning,
} from '../webhooks/outbox-messages.js';
import { webhookOutboxCtes, WEBHOOK_TOLD_COLUMN } from '../webhooks/outbox.js';

const QUEUE: QueueTable = { table: 'fiscal_event_queue', id: 'event_id' };

type Queue = Selectable<FiscalEventQueueTable>;
type Event = Selectable<FiscalEventTable>;

/** An event claimed for one attempt, with what the attempt needs to talk to SEFAZ. */
// Its fields are typed from db/schema.ts (CLAIM below selects them), so a column renamed or
// removed there fails to compile here.
export interface ClaimedEvent {
  eventId: Queue['event_id'];
  attempt: Queue['attempts'];
  /** An earlier attempt may have sent it: consult the chave before any resend. */
  maybeSent: Queue['sent'];
  lastCStat: Queue['last_cstat'];
  tipo: Event['tipo'];
  sequencia: Event['sequencia'];
  /** The signed evento, sent byte for byte on every attempt. */
  eventoXml: Event['evento_xml'];
  documentId: Event['document_id'];
  chave: Selectable<DocumentTable>['chave_acesso'];
  ambiente: Selectable<DocumentTable>['ambiente'];
  /** The document's slot's live certificate now (null: none; the attempt waits for one). */
  certificateId: string | null;
}

/** An event's final result: registered with its protocol, or refused. */
export type EventFinalResult =
  | {
      kind: 'final';
      status: 'registrado';
      cStat: string;
      xMotivo: string;
      protocolo: string | null;
      registradoEm: string | null;
      procXml: string;
    }
  | { kind: 'final'; status: 'rejeitado'; cStat: string; xMotivo: string };

export type EventAttemptResult = EventFinalResult | LaterAttempt;

// A document's events go to SEFAZ one at a time, in the order they were numbered: a CC-e waits
// for the CC-e before it (SEFAZ refuses a sequence that skips one, 594), a cancellation for the
// CC-e in flight (after it, a CC-e would be refused with 580).
const IN_TURN = `not exists (
  select 1 from fiscal_events e join fiscal_events p on p.document_id = e.document_id
  where e.id = q.event_id and p.id <> e.id and p.status = 'processando'
    and p.tipo = 'carta_correcao' and (e.tipo = 'cancelamento' or p.sequencia < e.sequencia))`;

const CLAIM = {
  name: 'emissor_fiscal_event_claim',
  text: `
    with ${recordClaimCtes(QUEUE, IN_TURN)}
    select c.record_id as "eventId", c.attempts as attempt, c.was_sent as "maybeSent",
           c.last_cstat as "lastCStat", e.tipo, e.sequencia, e.evento_xml as "eventoXml",
           e.document_id as "documentId", d.chave_acesso as chave, d.ambiente,
           cert.id as "certificateId"
    from claimed c
    join fiscal_events e on e.id = c.record_id
    join documents d on d.id = e.document_id
    left join certificates cert
      on cert.product_id = d.product_id and cert.tenant_ref = d.tenant_ref
     and cert.branch_ref = d.branch_ref and cert.deleted_at is null`,
};

const RESCHEDULE = { name: 'emissor_fiscal_event_reschedule', text: rescheduleStatement(QUEUE) };

// The event's final status and the end of its queue row commit together, only for the attempt
// that still holds the row; a registered cancellation makes the document `cancelada` in the same
// commit. Waiting requests (Prefer: wait) of the event and of the document are told, and the
// product's webhooks get their deliveries in the same commit: evento.registrado first, then
// documento.cancelado (webhooks/outbox.ts).
const FINISH = {
  name: 'emissor_fiscal_event_finish',
  text: `
    with ${doneCte(QUEUE)}, updated as (
      update fiscal_events e
      set status = $3, protocolo = $4, registrado_em = $5::timestamptz,
          rejeicao_codigo = $6, rejeicao_motivo = left($7, 500), proc_xml = $8
      from done where e.id = done.record_id and e.status = 'processando'
      returning ${eventReturning('e')}
    ), cancelled as (
      update documents d set status = 'cancelada'
      from updated u
      where d.id = u.document_id and u.tipo = 'cancelamento' and $3 = 'registrado'
        and d.status = 'autorizada'
      returning ${documentReturning('d')}
    ), told as (
      select pg_notify('${FINAL_STATUS_CHANNEL}', id::text)
      from (select id from updated union all select id from cancelled) as final
    ), ${webhookOutboxCtes(`${eventMessages('updated', 0)} union all ${documentMessages('cancelled', 1)}`)}
    select (select count(*) from updated)::int as updated,
           (select count(*) from cancelled)::int as cancelled,
           (select count(*) from told)::int as told, ${WEBHOOK_TOLD_COLUMN}`,
};

/** The events in transmission (fiscal_event_queue), as the record workers use them. */
export type EventStore = RecordStore<ClaimedEvent, EventFinalResult>;

// Named prepared statements through pg (parsed once per connection); rows typed as above.
export function createEventStore(pool: pg.Pool): EventStore {
  return {
    async claim(limit, leaseMs) {
      const { rows } = await pool.query<ClaimedEvent>({ ...CLAIM, values: [limit, leaseMs] });
      return rows;
    },
    async settle(claimed, result) {
      if (result.kind === 'later') {
        const { rowCount } = await pool.query({
          ...RESCHEDULE,
          values: [
            claimed.eventId,
            claimed.attempt,
            Math.round(result.delayMs),
            result.cStat ?? null,
            result.error,
          ],
        });
        return rowCount === 1;
      }
      const registered = result.status === 'registrado';
      const { rows } = await pool.query<{ updated: number; cancelled: number; told: number }>({
        ...FINISH,
        values: [
          claimed.eventId,
          claimed.attempt,
          result.status,
          registered ? result.protocolo : null,
          registered ? result.registradoEm : null,
          registered ? null : result.cStat,
          registered ? null : result.xMotivo,
          registered ? result.procXml : null,
        ],
      });
      return rows[0]?.updated === 1;
    },
  };
}
