import type { Kysely } from 'kysely';

import type { Database, FiscalVoidRow } from '../../db/schema.js';

/** Every column but the XML, which only its own route reads. */
export const VOID_RECORD = [
  'id',
  'product_id',
  'tenant_ref',
  'branch_ref',
  'series_id',
  'serie',
  'numero_inicial',
  'numero_final',
  'ambiente',
  'cuf',
  'cnpj',
  'ano',
  'justificativa',
  'origem',
  'document_id',
  'status',
  'protocolo',
  'homologada_em',
  'rejeicao_codigo',
  'rejeicao_motivo',
  'idempotency_key',
  'request_fingerprint',
  'created_at',
] as const;

export type FiscalVoidRecord = Omit<FiscalVoidRow, 'inut_xml' | 'proc_xml'>;

export function findVoid(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<FiscalVoidRecord | undefined> {
  return db
    .selectFrom('fiscal_voids')
    .select(VOID_RECORD)
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export function findVoidByIdempotencyKey(
  db: Kysely<Database>,
  productId: string,
  key: string,
): Promise<FiscalVoidRecord | undefined> {
  return db
    .selectFrom('fiscal_voids')
    .select(VOID_RECORD)
    .where('product_id', '=', productId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A tenant and branch's inutilizações, newest first (on the index made for it). */
export function listVoids(
  db: Kysely<Database>,
  filter: {
    productId: string;
    tenantRef: string;
    branchRef: string;
    limit: number;
    offset: number;
  },
): Promise<FiscalVoidRecord[]> {
  return db
    .selectFrom('fiscal_voids')
    .select(VOID_RECORD)
    .where('product_id', '=', filter.productId)
    .where('tenant_ref', '=', filter.tenantRef)
    .where('branch_ref', '=', filter.branchRef)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

/** `ProcInutNFe` once homologada, the signed `inutNFe` before that (none until it is signed). */
export async function findVoidXml(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('fiscal_voids')
    .select(['inut_xml', 'proc_xml'])
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row && (row.proc_xml ?? row.inut_xml);
}
