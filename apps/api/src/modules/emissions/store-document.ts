import { sql, type Transaction } from 'kysely';

import type { Database, DocumentRow, NewDocument } from '../../db/schema.js';

/**
 * Inserts the document and its signed XML and advances the series counter, in one statement (one
 * round trip while the series row is locked). When a concurrent request with the same idempotency
 * key committed first, nothing is written — no document, no XML, no number — and the result is
 * undefined.
 */
export async function storeDocument(
  trx: Transaction<Database>,
  document: NewDocument & { numero: number },
  xml: string,
): Promise<DocumentRow | undefined> {
  const d = document;
  const { rows } = await sql<DocumentRow>`
    with doc as (
      insert into documents (product_id, tenant_ref, branch_ref, series_id, document_model, serie, numero,
                             chave_acesso, codigo_numerico, status, ambiente, idempotency_key)
      values (${d.product_id}, ${d.tenant_ref}, ${d.branch_ref}, ${d.series_id}, ${d.document_model}, ${d.serie},
              ${d.numero}, ${d.chave_acesso}, ${d.codigo_numerico}, ${d.status}, ${d.ambiente}, ${d.idempotency_key})
      on conflict (product_id, idempotency_key) do nothing
      returning *
    ), stored_xml as (
      insert into document_xml (document_id, xml) select id, ${xml} from doc
    ), advanced as (
      update series set next_number = ${d.numero + 1}, updated_at = now()
      where id = ${d.series_id} and exists (select 1 from doc)
    )
    select * from doc`.execute(trx);
  return rows[0];
}
