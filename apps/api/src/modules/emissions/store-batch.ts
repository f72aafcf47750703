import { sql, type Transaction } from 'kysely';

import type { Database, DocumentRow } from '../../db/schema.js';
import type { SeriesTarget } from './emission-job.js';
import type { SignedDocument } from './sign-job.js';

/**
 * Inserts the signed documents of one series (numbers already allocated under its row lock), their
 * XML, and the new counter, in one statement. Returns what was stored; when a request with one of
 * these idempotency keys committed elsewhere first, that row is skipped — the counter is then left
 * untouched and the caller must roll back and retry without it (fewer rows than given).
 */
export async function storeBatch(
  trx: Transaction<Database>,
  target: SeriesTarget,
  documents: readonly SignedDocument[],
  nextNumber: number,
): Promise<DocumentRow[]> {
  const column = <K extends keyof SignedDocument>(key: K) => documents.map((d) => d[key]);
  const { rows } = await sql<DocumentRow>`
    with input as (
      select * from unnest(${column('numero')}::int[], ${column('chave')}::text[], ${column('codigoNumerico')}::text[],
                           ${column('ambiente')}::text[], ${column('idempotencyKey')}::text[], ${column('xml')}::text[])
        as t(numero, chave, codigo_numerico, ambiente, idempotency_key, xml)
    ), doc as (
      insert into documents (product_id, tenant_ref, branch_ref, series_id, document_model, serie, numero,
                             chave_acesso, codigo_numerico, status, ambiente, idempotency_key)
      select ${target.productId}, ${target.tenantRef}, ${target.branchRef}, ${target.seriesId}, '55', ${target.serie},
             numero, chave, codigo_numerico, 'assinada', ambiente, idempotency_key
      from input
      on conflict (product_id, idempotency_key) do nothing
      returning *
    ), stored_xml as (
      insert into document_xml (document_id, xml)
      select doc.id, input.xml from doc join input on input.chave = doc.chave_acesso
    ), advanced as (
      update series set next_number = ${nextNumber}, updated_at = now()
      where id = ${target.seriesId} and (select count(*) from doc) = ${documents.length}
    )
    select * from doc order by numero`.execute(trx);
  return rows;
}
