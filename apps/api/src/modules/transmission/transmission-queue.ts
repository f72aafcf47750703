import type pg from 'pg';

/** A document claimed for one attempt, with what the attempt needs to talk to SEFAZ. */
export interface ClaimedDocument {
  documentId: string;
  /** This attempt's number: the fence its result is stored under. */
  attempt: number;
  /** An earlier attempt may have sent the document: consult before any resend. */
  maybeSent: boolean;
  recibo: string | null;
  lastCStat: string | null;
  chave: string;
  ambiente: string;
  xml: string;
  /** The slot's live certificate now (null: deleted meanwhile; the attempt waits for a new one). */
  certificateId: string | null;
  enqueuedAt: Date;
}

/** What an attempt ends with: a final status stored with the document, or another try later. */
export type AttemptResult =
  | {
      kind: 'final';
      status: 'autorizada' | 'denegada' | 'rejeitada' | 'cancelada';
      cStat: string;
      xMotivo: string;
      protocolo?: { nProt: string | null; dhRecbto: string; protNFe: string; nfeProc: string };
    }
  | {
      kind: 'later';
      delayMs: number;
      /** Keep (string), clear (null) or leave (undefined) the receipt to poll. */
      recibo?: string | null;
      cStat?: string;
      error: string;
    };

// One statement claims and records the attempt before anything is sent: the attempt count, the
// lease (the row is invisible to other claims until it ends), and `sent`, so that whoever claims
// the row after a crash consults SEFAZ first. It returns `sent` as it was before this claim.
const CLAIM = {
  name: 'emissor_transmission_claim',
  text: `
    with picked as materialized (
      select q.document_id, q.sent as was_sent
      from transmission_queue q
      where q.available_at <= now()
      order by q.available_at
      limit $1
      for update skip locked
    ), claimed as (
      update transmission_queue q
      set attempts = q.attempts + 1, sent = true,
          available_at = now() + make_interval(secs => $2::double precision / 1000)
      from picked where q.document_id = picked.document_id
      returning q.document_id, q.attempts, picked.was_sent, q.recibo, q.last_cstat, q.enqueued_at
    )
    select c.document_id as "documentId", c.attempts as attempt, c.was_sent as "maybeSent",
           c.recibo, c.last_cstat as "lastCStat", c.enqueued_at as "enqueuedAt",
           d.chave_acesso as chave, d.ambiente, x.xml, cert.id as "certificateId"
    from claimed c
    join documents d on d.id = c.document_id
    join document_xml x on x.document_id = c.document_id
    left join certificates cert
      on cert.product_id = d.product_id and cert.tenant_ref = d.tenant_ref
     and cert.branch_ref = d.branch_ref and cert.deleted_at is null`,
};

const RESCHEDULE = {
  name: 'emissor_transmission_reschedule',
  text: `
    update transmission_queue
    set available_at = now() + make_interval(secs => $3::double precision / 1000),
        recibo = case when $4::boolean then $5 else recibo end,
        last_cstat = coalesce($6, last_cstat), last_error = left($7, 500)
    where document_id = $1 and attempts = $2`,
};

// The final status, the protocol and the end of the queue row commit together, and only for the
// attempt that still holds the row. The notification tells waiting requests in every process.
// A rejection also queues the inutilização of the document's number ($10: SEFAZ_VOID_REJECTED;
// decisions.md "Transmission to SEFAZ"), so no series keeps a gap; it is signed by its first
// attempt. Not after 206 (the number is already voided) nor 539 (SEFAZ holds another chave under
// it): SEFAZ would refuse that inutilização (256, 241).
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
             'NF-e ' || u.numero || ' rejeitada pela SEFAZ (cStat ' || $4 || '): numero inutilizado',
             'rejeicao', u.id
      from updated u
      where $10::boolean and $3 = 'rejeitada' and $4 not in ('206', '539')
      returning id
    ), void_queued as (
      insert into fiscal_void_queue (void_id) select id from voided
    ), protocol as (
      insert into document_protocols (document_id, prot_nfe, nfe_proc)
      select id, $8, $9 from updated where $8::text is not null
    ), told as (
      select pg_notify('emissor_document_final', id::text) from updated
    )
    select (select count(*) from updated)::int as updated, (select count(*) from told)::int as told`,
};

/** The PostgreSQL queue every API process serves. */
export interface TransmissionQueue {
  claim(limit: number, leaseMs: number): Promise<ClaimedDocument[]>;
  /** Stores the attempt's result; false when the attempt had lost the row (its lease ran out). */
  settle(claimed: ClaimedDocument, result: AttemptResult): Promise<boolean>;
}

export function createTransmissionQueue(
  pool: pg.Pool,
  options: { voidRejected: boolean } = { voidRejected: true },
): TransmissionQueue {
  return {
    async claim(limit, leaseMs) {
      const { rows } = await pool.query<ClaimedDocument>({ ...CLAIM, values: [limit, leaseMs] });
      return rows;
    },
    async settle(claimed, result) {
      if (result.kind === 'later') {
        const { rowCount } = await pool.query({
          ...RESCHEDULE,
          values: [
            claimed.documentId,
            claimed.attempt,
            Math.round(result.delayMs),
            result.recibo !== undefined,
            result.recibo ?? null,
            result.cStat ?? null,
            result.error,
          ],
        });
        return rowCount === 1;
      }
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
          result.protocolo?.nfeProc ?? null,
          options.voidRejected,
        ],
      });
      return rows[0]?.updated === 1;
    },
  };
}
