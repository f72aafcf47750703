import { buildNfeProc } from '@emissor/sefaz';
import type { Kysely } from 'kysely';

import type { Database, DocumentRow } from '../../db/schema.js';
import { storedXmlText, type StoredXmlRow } from '../../storage/stored-xml.js';

export interface DocumentFilter {
  productId: string;
  tenantRef?: string | undefined;
  branchRef?: string | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
}

/** Newest first, then id, on the indexes made for exactly these filters. */
export function listDocuments(
  db: Kysely<Database>,
  filter: DocumentFilter,
): Promise<DocumentRow[]> {
  let query = db
    .selectFrom('documents')
    .selectAll()
    .where('product_id', '=', filter.productId)
    .where('deleted_at', 'is', null);
  if (filter.tenantRef !== undefined) query = query.where('tenant_ref', '=', filter.tenantRef);
  if (filter.branchRef !== undefined) query = query.where('branch_ref', '=', filter.branchRef);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export function findDocument(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id)
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The signed `NFe`, or the `nfeProc` once SEFAZ gave the document a protocol (docs/api-rules.md): put
 * together from the NF-e and its protNFe (concatenation), so the NF-e is stored once. Rows
 * authorised before migration 0014 kept a stored copy, served as it is.
 */
function servedXml(
  documentId: string,
  row: StoredXmlRow & { prot_nfe: string | null; nfe_proc: string | null },
): string {
  if (row.nfe_proc) return row.nfe_proc;
  let xml: string;
  try {
    xml = storedXmlText(row);
  } catch (error) {
    // Damaged bytes or a row in no known form: a server fault (500), which the log must name so
    // that an operator knows what to restore, not a zlib message without a document.
    throw new Error(
      `the stored XML of document ${documentId} cannot be read (${error instanceof Error ? error.message : String(error)}): restore its document_xml row from a backup`,
      { cause: error },
    );
  }
  return row.prot_nfe ? buildNfeProc(xml, row.prot_nfe) : xml;
}

/** document_xml joined with what reads it back: its packing certificate and its protocol. */
function storedXmlOf(db: Kysely<Database>) {
  return db
    .selectFrom('document_xml')
    .innerJoin('documents', 'documents.id', 'document_xml.document_id')
    .leftJoin(
      'packing_certificates',
      'packing_certificates.id',
      'document_xml.packing_certificate_id',
    )
    .leftJoin('document_protocols', 'document_protocols.document_id', 'document_xml.document_id')
    .select([
      'document_xml.xml',
      'document_xml.packing',
      'document_xml.packed',
      'packing_certificates.certificate_base64',
      'document_protocols.prot_nfe',
      'document_protocols.nfe_proc',
    ]);
}

/** The signed `NFe`, or the `nfeProc` once SEFAZ gave the document a protocol (docs/api-rules.md). */
export async function findDocumentXml(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<string | undefined> {
  const row = await storedXmlOf(db)
    .where('documents.id', '=', id)
    .where('documents.product_id', '=', productId)
    .where('documents.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && servedXml(id, row);
}

/** What a DANFE is drawn from: the stored XML and the status that decides its marks. */
export interface DanfeSource {
  xml: string;
  status: string;
  chave: string;
}

export async function findDanfeSource(
  db: Kysely<Database>,
  productId: string,
  id: string,
): Promise<DanfeSource | undefined> {
  const row = await storedXmlOf(db)
    .select(['documents.status', 'documents.chave_acesso'])
    .where('documents.id', '=', id)
    .where('documents.product_id', '=', productId)
    .where('documents.deleted_at', 'is', null)
    .executeTakeFirst();
  // With a protocol the DANFE prints it (and drops the "not authorised" mark).
  return row && { xml: servedXml(id, row), status: row.status, chave: row.chave_acesso };
}

export function findByIdempotencyKey(
  db: Kysely<Database>,
  productId: string,
  key: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('product_id', '=', productId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}
