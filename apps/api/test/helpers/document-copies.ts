import type pg from 'pg';

export interface DocumentCopies {
  /** How many. */
  count: number;
  /** The copies are numbered after it (numero + 1, + 2, …); chaves follow the numbers. */
  afterNumero: number;
  /** Their idempotency keys: the prefix and the copy's position. */
  keyPrefix: string;
  /** Their status; the source's when not given. */
  status?: string;
}

/**
 * Copies of a stored document written straight into `documents` (no XML, no series counter): rows
 * for queue and planner tests to point at, by the thousand, without emitting each one. Numbers and
 * chaves come from `afterNumero`, so copies made with ranges that do not overlap never collide.
 */
export async function insertDocumentCopies(
  db: pg.Pool,
  sourceId: string,
  copies: DocumentCopies,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into documents (id, product_id, tenant_ref, branch_ref, series_id, document_model,
                           serie, numero, chave_acesso, codigo_numerico, status, ambiente,
                           idempotency_key)
     select gen_random_uuid(), product_id, tenant_ref, branch_ref, series_id, document_model,
            serie, $2::int + g, lpad(($2::int + g)::text, 44, '0'), codigo_numerico,
            coalesce($4, status), ambiente, $3 || g
     from documents, generate_series(1, $5::int) as g where id = $1
     order by g
     returning id`,
    [sourceId, copies.afterNumero, copies.keyPrefix, copies.status ?? null, copies.count],
  );
  if (rows.length !== copies.count) throw new Error(`no document ${sourceId} to copy`);
  return rows.map((r) => r.id);
}
