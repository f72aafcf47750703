import type { Kysely } from 'kysely';

import type { Database } from '../../src/db/schema.js';

/** A document's document_xml row as stored, with the certificate its packing dictionary ends with. */
export function storedXmlRow(db: Kysely<Database>, documentId: string) {
  return db
    .selectFrom('document_xml')
    .leftJoin(
      'packing_certificates',
      'packing_certificates.id',
      'document_xml.packing_certificate_id',
    )
    .select(['xml', 'packing', 'packed', 'certificate_base64', 'packing_certificate_id'])
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
}
