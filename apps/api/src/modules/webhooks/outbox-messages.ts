import {
  DOCUMENT_READ_COLUMNS,
  documentReadJson,
  EVENT_READ_COLUMNS,
  eventReadJson,
  VOID_READ_COLUMNS,
  voidReadJson,
} from './resource-json.js';

// The messages of webhookOutboxCtes (outbox.ts) for each kind of resource, as SELECTs over a CTE
// that returns the resource's columns after its final status was stored. Each kind's statement
// returns `…Returning(alias)` from that CTE.

const qualified = (alias: string, columns: readonly string[]) =>
  columns.map((c) => `${alias}.${c}`).join(', ');

/** The columns documentMessages reads: RETURNING them from the documents' update. */
export const documentReturning = (alias: string) => qualified(alias, DOCUMENT_READ_COLUMNS);

/** The columns eventMessages reads. */
export const eventReturning = (alias: string) => qualified(alias, EVENT_READ_COLUMNS);

/** The columns voidMessages reads (the document too: a rejection's inutilização follows it). */
export const voidReturning = (alias: string) =>
  qualified(alias, [...VOID_READ_COLUMNS, 'document_id']);

/**
 * documento.autorizado / rejeitado / denegado / cancelado for the documents of `cte`. A status
 * without a message type (none today) queues nothing rather than failing the status's statement.
 */
export function documentMessages(cte: string, turn = 0): string {
  return `
    select m.product_id, case m.status when 'autorizada' then 'documento.autorizado'
             when 'rejeitada' then 'documento.rejeitado' when 'denegada' then 'documento.denegado'
             when 'cancelada' then 'documento.cancelado' end as type,
           m.id as resource_id, m.id as ordering_key, ${documentReadJson('m')} as data,
           ${turn} as turn
    from ${cte} m`;
}

/** evento.registrado / rejeitado for the events of `cte`, in their document's order. */
export function eventMessages(cte: string, turn = 0): string {
  return `
    select m.product_id, 'evento.' || m.status as type, m.id as resource_id,
           m.document_id as ordering_key, ${eventReadJson('m')} as data, ${turn} as turn
    from ${cte} m`;
}

/**
 * inutilizacao.homologada / rejeitada for the inutilizações of `cte`: a rejected document's in
 * that document's order (after its documento.rejeitado), a requested one on its own.
 */
export function voidMessages(cte: string, turn = 0): string {
  return `
    select m.product_id, 'inutilizacao.' || m.status as type, m.id as resource_id,
           coalesce(m.document_id, m.id) as ordering_key, ${voidReadJson('m')} as data,
           ${turn} as turn
    from ${cte} m`;
}
