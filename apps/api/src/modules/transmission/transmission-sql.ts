import { MAX_NFE_PER_LOT } from '@emissor/sefaz';
import type { Selectable } from 'kysely';

import type {
  CertificateTable,
  DocumentProtocolTable,
  DocumentTable,
  TransmissionQueueTable,
} from '../../db/schema.js';
import { claimedCte, type QueueTable } from '../../queue/queue-sql.js';
import {
  PACKING_CERTIFICATE_JOIN,
  STORED_XML_COLUMNS,
  type StoredXmlRow,
} from '../../storage/stored-xml.js';
import { documentMessages, documentReturning } from '../webhooks/outbox-messages.js';
import { webhookOutboxCtes, WEBHOOK_TOLD_COLUMN } from '../webhooks/outbox.js';
import { FINAL_STATUS_CHANNEL } from './final-status-signal.js';
import { NOT_SENT_CODE } from './local-failure.js';

// These statements run as named prepared statements through pg (parsed and planned once per
// connection): Kysely's driver sends every statement unnamed. Their rows are typed from
// db/schema.ts, so a column renamed or removed there fails to compile here.

type Queue = Selectable<TransmissionQueueTable>;
type Document = Selectable<DocumentTable>;

/** A claimed row as every claim returns it (transmission-store.ts's ClaimedDocument). */
export interface ClaimRow {
  documentId: Queue['document_id'];
  attempt: Queue['attempts'];
  maybeSent: Queue['sent'];
  recibo: Queue['recibo'];
  reciboAt: Queue['recibo_at'];
  tMed: Queue['t_med'];
  lastCStat: Queue['last_cstat'];
  lastError: Queue['last_error'];
  localFailures: Queue['local_failures'];
  enqueuedAt: Queue['enqueued_at'];
  chave: Document['chave_acesso'];
  ambiente: Document['ambiente'];
  productId: Document['product_id'];
  certificateId: Selectable<CertificateTable>['id'] | null;
}

/** A claim that may send: its row with the document's XML as stored (storedXmlText reads it). */
export type ClaimRowToSend = ClaimRow & StoredXmlRow;

export interface Statement {
  name: string;
  text: string;
}

const QUEUE: QueueTable = { table: 'transmission_queue', id: 'document_id' };

/**
 * A claim of queue rows: `picked` (a CTE over `transmission_queue` locked with SKIP LOCKED, with
 * `record_id` and `was_sent`, its limit in $1) is claimed in the same statement, before anything
 * is sent (queue-sql.ts, claimedCte). It returns `sent` as it was before this claim. `withXml`: the
 * stored XML as well, for claims that may send; a receipt poll asks by recibo and checks protocols
 * by chave, so its claim leaves the XML (and its unpacking) out.
 */
function claimStatement(
  name: string,
  { withXml }: { withXml: boolean },
  picked: string,
): Statement {
  const xmlColumns = withXml ? `, ${STORED_XML_COLUMNS}` : '';
  const xmlJoins = withXml
    ? `join document_xml x on x.document_id = c.document_id
      ${PACKING_CERTIFICATE_JOIN}`
    : '';
  const returning = `q.document_id, q.attempts, picked.was_sent, q.recibo, q.recibo_at, q.t_med,
                  q.last_cstat, q.last_error, q.local_failures, q.enqueued_at`;
  return {
    name,
    text: `
      ${picked}, ${claimedCte(QUEUE, returning)}
      select c.document_id as "documentId", c.attempts as attempt, c.was_sent as "maybeSent",
             c.recibo, c.recibo_at as "reciboAt", c.t_med as "tMed", c.last_cstat as "lastCStat",
             c.last_error as "lastError", c.local_failures as "localFailures",
             c.enqueued_at as "enqueuedAt", d.chave_acesso as chave, d.ambiente,
             d.product_id as "productId", cert.id as "certificateId"${xmlColumns}
      from claimed c
      join documents d on d.id = c.document_id
      ${xmlJoins}
      left join certificates cert
        on cert.product_id = d.product_id and cert.tenant_ref = d.tenant_ref
       and cert.branch_ref = d.branch_ref and cert.deleted_at is null
      order by c.enqueued_at, c.document_id`,
  };
}

// Receipts: the documents of the recibos longest due, all of each lot together, so one poll answers
// every document of it (polling per document would count against the recibo's 40 an hour). Each
// claim's conditions name its partial index (migration 0017), `recibo is not null` here too.
// The recibos are found among the due rows longest due, read in the index's order and no more of
// them than $1 lots can hold: a lot has at most 50 NF-e, so those rows name at least $1 recibos
// when there are, and their first rows come in the order of each recibo's longest wait. Grouping
// every row with a recibo instead made PostgreSQL read the whole table on each claim (a sequential
// scan, 300 → 970 buffers a call as the table grew over 90 s; bench/results/comparisons.md).
export const CLAIM_RECEIPTS = claimStatement(
  'emissor_transmission_claim_receipts',
  { withXml: false },
  `with due_rows as materialized (
     select recibo, available_at from transmission_queue
     where available_at <= now() and recibo is not null
     order by available_at limit $1 * ${MAX_NFE_PER_LOT}
   ), due as (
     select recibo from due_rows group by recibo order by min(available_at) limit $1
   ), picked as materialized (
     select q.document_id as record_id, q.sent as was_sent from transmission_queue q
     where q.recibo in (select recibo from due) and q.recibo is not null
       and q.available_at <= now()
     for update skip locked
   )`,
);

// Documents an earlier attempt may have sent, without a recibo: each is consulted on its own.
export const CLAIM_RESUMED = claimStatement(
  'emissor_transmission_claim_resumed',
  { withXml: true },
  `with picked as materialized (
     select document_id as record_id, sent as was_sent from transmission_queue
     where available_at <= now() and sent and recibo is null
     order by available_at limit $1
     for update skip locked
   )`,
);

// Documents never sent: packed into lots by the planner.
export const CLAIM_FRESH = claimStatement(
  'emissor_transmission_claim_fresh',
  { withXml: true },
  `with picked as materialized (
     select document_id as record_id, sent as was_sent from transmission_queue
     where available_at <= now() and not sent
     order by available_at limit $1
     for update skip locked
   )`,
);

// Claimed rows this process will not work on after all: as they were, due now.
export const RELEASE: Statement = {
  name: 'emissor_transmission_release',
  text: `
    update transmission_queue q
    set attempts = q.attempts - 1, sent = i.was_sent, available_at = now()
    from unnest($1::uuid[], $2::int[], $3::boolean[]) as i(document_id, attempt, was_sent)
    where q.document_id = i.document_id and q.attempts = i.attempt`,
};

export interface RescheduledRow {
  documentId: Queue['document_id'];
}

// Every document of an attempt that tries again, in one statement (a lot's 50 at once).
export const RESCHEDULE: Statement = {
  name: 'emissor_transmission_reschedule',
  text: `
    update transmission_queue q
    set available_at = now() + make_interval(secs => i.delay_ms / 1000),
        recibo = case when i.set_recibo then i.recibo else q.recibo end,
        recibo_at = case
          when not i.set_recibo then q.recibo_at
          when i.recibo is null then null
          when i.recibo is distinct from q.recibo then now()
          else q.recibo_at end,
        t_med = case when i.set_recibo and i.recibo is distinct from q.recibo then i.t_med
                     when i.set_recibo and i.recibo is null then null else q.t_med end,
        sent = q.sent and not i.not_sent,
        last_cstat = coalesce(i.cstat, q.last_cstat), last_error = left(i.error, 500),
        local_failures = i.local_failures
    from unnest($1::uuid[], $2::int[], $3::double precision[], $4::boolean[], $5::text[],
                $6::int[], $7::boolean[], $8::text[], $9::text[], $10::int[])
      as i(document_id, attempt, delay_ms, set_recibo, recibo, t_med, not_sent, cstat, error,
           local_failures)
    where q.document_id = i.document_id and q.attempts = i.attempt
    returning q.document_id as "documentId"`,
};

export interface FinishedRow {
  updated: number;
  told: number;
}

// The final status, the protocol and the end of the queue row commit together, and only for the
// attempt that still holds the row. The notification tells waiting requests in every process, and
// the product's webhooks get their deliveries in the same commit (webhooks/outbox.ts).
// A rejection also queues the inutilização of the document's number ($9: SEFAZ_VOID_REJECTED;
// docs/api-rules.md "Transmission to SEFAZ"), so no series keeps a gap; it is signed by its first
// attempt. Not after 206 (the number is already voided) nor 539 (SEFAZ holds another chave under
// it): SEFAZ would refuse that inutilização (256, 241). A document given up before SEFAZ saw it
// (NOT_SENT_CODE, local-failure.ts) is voided too, with a justificativa that says so.
export const FINISH: Statement = {
  name: 'emissor_transmission_finish',
  text: `
    with done as (
      delete from transmission_queue where document_id = $1 and attempts = $2 returning document_id
    ), updated as (
      update documents d
      set status = $3, rejeicao_codigo = $4, rejeicao_motivo = left($5, 500),
          protocolo = $6, autorizada_em = $7::timestamptz
      from done where d.id = done.document_id and d.status = 'processando'
      returning ${documentReturning('d')}
    ), voided as (
      insert into fiscal_voids (product_id, tenant_ref, branch_ref, series_id, serie, numero_inicial,
                                numero_final, ambiente, cuf, cnpj, ano, justificativa, origem,
                                document_id)
      select u.product_id, u.tenant_ref, u.branch_ref, u.series_id, u.serie, u.numero, u.numero,
             u.ambiente, substr(u.chave_acesso, 1, 2), substr(u.chave_acesso, 7, 14),
             substr(u.chave_acesso, 3, 2),
             case when $4 = '${NOT_SENT_CODE}'
               then 'NF-e ' || u.numero || ' nao pode ser transmitida a SEFAZ: numero inutilizado'
               else 'NF-e ' || u.numero || ' rejeitada pela SEFAZ (cStat ' || $4 || '): numero inutilizado'
             end,
             'rejeicao', u.id
      from updated u
      where $9::boolean and $3 = 'rejeitada' and $4 not in ('206', '539')
      returning id
    ), void_queued as (
      insert into fiscal_void_queue (void_id) select id from voided
    ), protocol as (
      insert into document_protocols (document_id, prot_nfe)
      select id, $8 from updated where $8::text is not null
    ), told as (
      select pg_notify('${FINAL_STATUS_CHANNEL}', id::text) from updated
    ), ${webhookOutboxCtes(documentMessages('updated'))}
    select (select count(*) from updated)::int as updated, (select count(*) from told)::int as told,
           ${WEBHOOK_TOLD_COLUMN}`,
};

export interface FinishedWithProtocolsRow {
  updated: Selectable<DocumentProtocolTable>['document_id'][];
  told: number;
}

// FINISH for the documents of a lot that SEFAZ gave a protocol (autorizada, denegada, cancelada),
// in one commit, with their webhook deliveries. Rejections go through FINISH one by one: what
// follows a rejection hangs there.
export const FINISH_WITH_PROTOCOLS: Statement = {
  name: 'emissor_transmission_finish_protocols',
  text: `
    with input as (
      select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
        as i(document_id, attempt, status, protocolo, autorizada_em, prot_nfe)
    ), done as (
      delete from transmission_queue q using input i
      where q.document_id = i.document_id and q.attempts = i.attempt
      returning q.document_id
    ), updated as (
      update documents d
      set status = i.status, rejeicao_codigo = null, rejeicao_motivo = null,
          protocolo = i.protocolo, autorizada_em = i.autorizada_em::timestamptz
      from done join input i on i.document_id = done.document_id
      where d.id = done.document_id and d.status = 'processando'
      returning ${documentReturning('d')}
    ), protocol as (
      insert into document_protocols (document_id, prot_nfe)
      select i.document_id, i.prot_nfe from updated u join input i on i.document_id = u.id
    ), told as (
      select pg_notify('${FINAL_STATUS_CHANNEL}', id::text) from updated
    ), ${webhookOutboxCtes(documentMessages('updated'))}
    select coalesce((select array_agg(id) from updated), '{}') as updated,
           (select count(*) from told)::int as told, ${WEBHOOK_TOLD_COLUMN}`,
};
