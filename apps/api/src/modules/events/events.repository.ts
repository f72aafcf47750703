import type { Kysely } from 'kysely';

import type { Database, FiscalEventRow } from '../../db/schema.js';

/** Every column but the XML, which only its own route reads. */
export const EVENT_RECORD = [
  'id',
  'product_id',
  'document_id',
  'tipo',
  'sequencia',
  'status',
  'protocolo',
  'registrado_em',
  'rejeicao_codigo',
  'rejeicao_motivo',
  'idempotency_key',
  'request_fingerprint',
  'created_at',
] as const;

export type FiscalEventRecord = Omit<FiscalEventRow, 'evento_xml' | 'proc_xml'>;

export function findEvent(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<FiscalEventRecord | undefined> {
  return db
    .selectFrom('fiscal_events')
    .select(EVENT_RECORD)
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export function findEventByIdempotencyKey(
  db: Kysely<Database>,
  productId: string,
  key: string,
): Promise<FiscalEventRecord | undefined> {
  return db
    .selectFrom('fiscal_events')
    .select(EVENT_RECORD)
    .where('product_id', '=', productId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The events of a document of the product, oldest first; undefined when there is no document. */
export async function listDocumentEvents(
  db: Kysely<Database>,
  productId: string,
  documentId: string,
): Promise<FiscalEventRecord[] | undefined> {
  const document = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!document) return undefined;
  return db
    .selectFrom('fiscal_events')
    .select(EVENT_RECORD)
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** `procEventoNFe` once registered, the signed `evento` before that. */
export async function findEventXml(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('fiscal_events')
    .select(['evento_xml', 'proc_xml'])
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row && (row.proc_xml ?? row.evento_xml);
}
