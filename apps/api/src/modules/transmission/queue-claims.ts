import { PACKING_CERTIFICATE_JOIN, STORED_XML_COLUMNS } from '../../storage/stored-xml.js';

/**
 * A claim of queue rows: `picked` (a CTE over `transmission_queue` locked with SKIP LOCKED, with
 * `document_id` and `was_sent`, its limit in $1) is claimed in the same statement, before anything
 * is sent: the attempt count (the fence its result is stored under), a lease of $2 ms (the rows are
 * invisible to other claims until it ends) and `sent`, so that whoever claims a row after a crash
 * consults SEFAZ first. It returns `sent` as it was before this claim. `withXml`: the stored XML
 * as well, for claims that may send; a receipt poll asks by recibo and checks protocols by chave,
 * so its claim leaves the XML (and its unpacking) out.
 */
export function claimStatement(name: string, { withXml }: { withXml: boolean }, picked: string) {
  const xmlColumns = withXml ? `, ${STORED_XML_COLUMNS}` : '';
  const xmlJoins = withXml
    ? `join document_xml x on x.document_id = c.document_id
      ${PACKING_CERTIFICATE_JOIN}`
    : '';
  return {
    name,
    text: `
      ${picked}, claimed as (
        update transmission_queue q
        set attempts = q.attempts + 1, sent = true,
            available_at = now() + make_interval(secs => $2::double precision / 1000)
        from picked where q.document_id = picked.document_id
        returning q.document_id, q.attempts, picked.was_sent, q.recibo, q.recibo_at, q.t_med,
                  q.last_cstat, q.last_error, q.local_failures, q.enqueued_at
      )
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
