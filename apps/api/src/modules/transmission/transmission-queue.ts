import { MAX_NFE_PER_LOT } from '@emissor/sefaz';
import type pg from 'pg';

import { storedXmlText, type StoredXmlRow } from '../../storage/stored-xml.js';
import { NOT_SENT_CODE } from './local-failure.js';
import { claimStatement } from './queue-claims.js';

/** A document claimed for one attempt, with what the attempt needs to talk to SEFAZ. */
export interface ClaimedDocument {
  documentId: string;
  /** This attempt's number: the fence its result is stored under. */
  attempt: number;
  /** An earlier attempt may have sent the document: consult before any resend. */
  maybeSent: boolean;
  recibo: string | null;
  /** When SEFAZ gave the recibo, and the average time (s) it announced for the lot. */
  reciboAt: Date | null;
  tMed: number | null;
  lastCStat: string | null;
  /** The last attempt's error, as stored (its first 500 characters). */
  lastError: string | null;
  /** Attempts in a row that failed before sending with that same error (local-failure.ts). */
  localFailures: number;
  chave: string;
  ambiente: string;
  productId: string;
  /** The slot's live certificate now (null: deleted meanwhile; the attempt waits for a new one). */
  certificateId: string | null;
  enqueuedAt: Date;
}

/**
 * A document claimed to be sent (never sent, or consulted first and sent if SEFAZ never got it),
 * with its signed XML. A receipt poll needs only the chave, so its claim reads no XML.
 */
export type ClaimedToSend = ClaimedDocument & { xml: string };

/** What an attempt ends with: a final status stored with the document, or another try later. */
export type AttemptResult =
  | {
      kind: 'final';
      status: 'autorizada' | 'denegada' | 'rejeitada' | 'cancelada';
      cStat: string;
      xMotivo: string;
      protocolo?: { nProt: string | null; dhRecbto: string; protNFe: string };
    }
  | {
      kind: 'later';
      delayMs: number;
      /** Keep (string), clear (null) or leave (undefined) the receipt to poll. */
      recibo?: string | null;
      /** With a new recibo: the lot's tMed (seconds). */
      tMed?: number | null;
      /** Nothing reached SEFAZ, now or before: the next attempt sends without consulting. */
      notSent?: boolean;
      /** The attempt failed before sending: identical such failures in a row, this one included. */
      localFailures?: number;
      cStat?: string;
      error: string;
    };

/** The row of a claim to send: the document's XML as stored (storedXmlText reads it). */
type ClaimedRowToSend = ClaimedDocument & StoredXmlRow;

export type SettledResult = { claimed: ClaimedDocument; result: AttemptResult };

// Receipts: the documents of the recibos longest due, all of each lot together, so one poll answers
// every document of it (polling per document would count against the recibo's 40 an hour). Each
// claim's conditions name its partial index (migration 0017), `recibo is not null` here too.
// The recibos are found among the due rows longest due, read in the index's order and no more of
// them than $1 lots can hold: a lot has at most 50 NF-e, so those rows name at least $1 recibos
// when there are, and their first rows come in the order of each recibo's longest wait. Grouping
// every row with a recibo instead made PostgreSQL read the whole table on each claim (a sequential
// scan, 300 → 970 buffers a call as the table grew over 90 s; bench/results/comparisons.md).
const CLAIM_RECEIPTS = claimStatement(
  'emissor_transmission_claim_receipts',
  { withXml: false },
  `with due_rows as materialized (
     select recibo, available_at from transmission_queue
     where available_at <= now() and recibo is not null
     order by available_at limit $1 * ${MAX_NFE_PER_LOT}
   ), due as (
     select recibo from due_rows group by recibo order by min(available_at) limit $1
   ), picked as materialized (
     select q.document_id, q.sent as was_sent from transmission_queue q
     where q.recibo in (select recibo from due) and q.recibo is not null
       and q.available_at <= now()
     for update skip locked
   )`,
);

// Documents an earlier attempt may have sent, without a recibo: each is consulted on its own.
const CLAIM_RESUMED = claimStatement(
  'emissor_transmission_claim_resumed',
  { withXml: true },
  `with picked as materialized (
     select document_id, sent as was_sent from transmission_queue
     where available_at <= now() and sent and recibo is null
     order by available_at limit $1
     for update skip locked
   )`,
);

// Documents never sent: packed into lots by the worker.
const CLAIM_FRESH = claimStatement(
  'emissor_transmission_claim_fresh',
  { withXml: true },
  `with picked as materialized (
     select document_id, sent as was_sent from transmission_queue
     where available_at <= now() and not sent
     order by available_at limit $1
     for update skip locked
   )`,
);

// Claimed rows this process will not work on after all: as they were, due now.
const RELEASE = {
  name: 'emissor_transmission_release',
  text: `
    update transmission_queue q
    set attempts = q.attempts - 1, sent = i.was_sent, available_at = now()
    from unnest($1::uuid[], $2::int[], $3::boolean[]) as i(document_id, attempt, was_sent)
    where q.document_id = i.document_id and q.attempts = i.attempt`,
};

// Every document of an attempt that tries again, in one statement (a lot's 50 at once).
const RESCHEDULE = {
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

// The final status, the protocol and the end of the queue row commit together, and only for the
// attempt that still holds the row. The notification tells waiting requests in every process.
// A rejection also queues the inutilização of the document's number ($9: SEFAZ_VOID_REJECTED;
// docs/api-rules.md "Transmission to SEFAZ"), so no series keeps a gap; it is signed by its first
// attempt. Not after 206 (the number is already voided) nor 539 (SEFAZ holds another chave under
// it): SEFAZ would refuse that inutilização (256, 241). A document given up before SEFAZ saw it
// (NOT_SENT_CODE, local-failure.ts) is voided too, with a justificativa that says so.
const FINISH = {
  name: 'emissor_transmission_finish',
  text: `
    with done as (
      delete from transmission_queue where document_id = $1 and attempts = $2 returning document_id
    ), updated as (
      update documents d
      set status = $3, rejeicao_codigo = $4, rejeicao_motivo = left($5, 500),
          protocolo = $6, autorizada_em = $7::timestamptz
      from done where d.id = done.document_id and d.status = 'processando'
      returning d.id, d.product_id, d.tenant_ref, d.branch_ref, d.series_id, d.serie, d.numero,
                d.ambiente, d.chave_acesso
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
      select pg_notify('emissor_document_final', id::text) from updated
    )
    select (select count(*) from updated)::int as updated, (select count(*) from told)::int as told`,
};

// FINISH for the documents of a lot that SEFAZ gave a protocol (autorizada, denegada, cancelada),
// in one commit. Rejections go through FINISH one by one: what follows a rejection hangs there.
const FINISH_WITH_PROTOCOLS = {
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
      returning d.id
    ), protocol as (
      insert into document_protocols (document_id, prot_nfe)
      select i.document_id, i.prot_nfe from updated u join input i on i.document_id = u.id
    ), told as (
      select pg_notify('emissor_document_final', id::text) from updated
    )
    select coalesce((select array_agg(id) from updated), '{}') as updated,
           (select count(*) from told)::int as told`,
};

/** The PostgreSQL queue every API process serves. */
export interface TransmissionQueue {
  /** Documents waiting on the `maxRecibos` recibos longest due, every claimable one of each lot. */
  claimReceipts(maxRecibos: number, leaseMs: number): Promise<ClaimedDocument[]>;
  /** Documents that may have been sent before (consulted first), without a recibo. */
  claimResumed(limit: number, leaseMs: number): Promise<ClaimedToSend[]>;
  /** Documents never sent. */
  claimFresh(limit: number, leaseMs: number): Promise<ClaimedToSend[]>;
  /** Gives claimed documents back untouched (as if never claimed), due now. */
  release(claimed: readonly ClaimedDocument[]): Promise<void>;
  /** Stores the attempt's result; false when the attempt had lost the row (its lease ran out). */
  settle(claimed: ClaimedDocument, result: AttemptResult): Promise<boolean>;
  /** Stores the results of one exchange together; the ids of the documents stored. */
  settleAll(results: readonly SettledResult[]): Promise<Set<string>>;
}

/** How often a document whose stored XML cannot be read is tried again (after a restore, say). */
export const UNREADABLE_XML_RETRY_MS = 3_600_000;

export interface TransmissionQueueOptions {
  /** SEFAZ_VOID_REJECTED: a rejection queues the inutilização of the document's number. */
  voidRejected: boolean;
  /** Told of a claimed document whose stored XML could not be read (it was set aside). */
  onUnreadableXml?: (claimed: ClaimedDocument, error: unknown) => void;
}

export function createTransmissionQueue(
  pool: pg.Pool,
  options: TransmissionQueueOptions = { voidRejected: true },
): TransmissionQueue {
  const claim = async (statement: typeof CLAIM_RECEIPTS, limit: number, leaseMs: number) => {
    if (limit <= 0) return [];
    const { rows } = await pool.query<ClaimedDocument>({ ...statement, values: [limit, leaseMs] });
    return rows;
  };

  const claimToSend = async (statement: typeof CLAIM_FRESH, limit: number, leaseMs: number) => {
    if (limit <= 0) return [];
    const { rows } = await pool.query<ClaimedRowToSend>({ ...statement, values: [limit, leaseMs] });
    const readable: ClaimedToSend[] = [];
    const unreadable: SettledResult[] = [];
    for (const { packing, packed, certificate_base64, xml, ...claimed } of rows) {
      try {
        readable.push({
          ...claimed,
          xml: storedXmlText({ xml, packing, packed, certificate_base64 }),
        });
      } catch (error) {
        // Damaged bytes (zlib's checksum) or a row in no known form. Nothing can be sent for it,
        // but it must not take down the claim: the documents claimed with it would wait for their
        // lease, be claimed with it again, and never leave. It is set aside for an hour, its
        // state untouched (a document never sent stays never sent), and reported.
        options.onUnreadableXml?.(claimed, error);
        unreadable.push({
          claimed,
          result: {
            kind: 'later',
            delayMs: UNREADABLE_XML_RETRY_MS,
            notSent: !claimed.maybeSent,
            error: `the stored XML cannot be read (${error instanceof Error ? error.message : String(error)})`,
          },
        });
      }
    }
    await reschedule(unreadable);
    return readable;
  };

  const reschedule = async (entries: readonly SettledResult[]) => {
    const later = entries.flatMap(({ claimed, result }) =>
      result.kind === 'later' ? [{ claimed, result }] : [],
    );
    if (later.length === 0) return [];
    const { rows } = await pool.query<{ documentId: string }>({
      ...RESCHEDULE,
      values: [
        later.map((e) => e.claimed.documentId),
        later.map((e) => e.claimed.attempt),
        later.map((e) => Math.round(e.result.delayMs)),
        later.map((e) => e.result.recibo !== undefined),
        later.map((e) => e.result.recibo ?? null),
        later.map((e) => (e.result.tMed == null ? null : Math.round(e.result.tMed))),
        later.map((e) => e.result.notSent === true),
        later.map((e) => e.result.cStat ?? null),
        later.map((e) => e.result.error),
        later.map((e) => e.result.localFailures ?? 0),
      ],
    });
    return rows.map((r) => r.documentId);
  };

  const finish = async (claimed: ClaimedDocument, result: AttemptResult) => {
    if (result.kind !== 'final') throw new Error('not a final result');
    const rejected = result.status === 'rejeitada';
    const { rows } = await pool.query<{ updated: number }>({
      ...FINISH,
      values: [
        claimed.documentId,
        claimed.attempt,
        result.status,
        rejected ? result.cStat : null,
        rejected ? result.xMotivo : null,
        result.protocolo?.nProt ?? null,
        result.protocolo?.dhRecbto ?? null,
        result.protocolo?.protNFe ?? null,
        options.voidRejected,
      ],
    });
    return rows[0]?.updated === 1;
  };

  const finishWithProtocols = async (
    entries: ReadonlyArray<{ claimed: ClaimedDocument; result: AttemptResult }>,
  ) => {
    if (entries.length === 0) return [];
    const protocolo = (r: AttemptResult) => (r.kind === 'final' ? r.protocolo : undefined);
    const { rows } = await pool.query<{ updated: string[] }>({
      ...FINISH_WITH_PROTOCOLS,
      values: [
        entries.map((e) => e.claimed.documentId),
        entries.map((e) => e.claimed.attempt),
        entries.map((e) => (e.result.kind === 'final' ? e.result.status : null)),
        entries.map((e) => protocolo(e.result)?.nProt ?? null),
        entries.map((e) => protocolo(e.result)?.dhRecbto ?? null),
        entries.map((e) => protocolo(e.result)?.protNFe ?? null),
      ],
    });
    return rows[0]?.updated ?? [];
  };

  return {
    claimReceipts: (maxRecibos, leaseMs) => claim(CLAIM_RECEIPTS, maxRecibos, leaseMs),
    claimResumed: (limit, leaseMs) => claimToSend(CLAIM_RESUMED, limit, leaseMs),
    claimFresh: (limit, leaseMs) => claimToSend(CLAIM_FRESH, limit, leaseMs),
    async release(claimed) {
      if (claimed.length === 0) return;
      await pool.query({
        ...RELEASE,
        values: [
          claimed.map((c) => c.documentId),
          claimed.map((c) => c.attempt),
          claimed.map((c) => c.maybeSent),
        ],
      });
    },
    async settle(claimed, result) {
      if (result.kind === 'later') return (await reschedule([{ claimed, result }])).length === 1;
      return finish(claimed, result);
    },
    async settleAll(results) {
      const stored = new Set<string>(await reschedule(results));
      const finals = results.filter((e) => e.result.kind === 'final');
      const withProtocol = finals.filter((e) => e.result.kind === 'final' && e.result.protocolo);
      for (const id of await finishWithProtocols(withProtocol)) stored.add(id);
      for (const e of finals.filter((f) => !withProtocol.includes(f)))
        if (await finish(e.claimed, e.result)) stored.add(e.claimed.documentId);
      return stored;
    },
  };
}
