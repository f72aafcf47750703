import type pg from 'pg';

import { namedStatement, queryNamed } from '../../db/named-statement.js';
import { columnsOf, tables } from '../../db/sql-names.js';
import { XML_PACKING } from '../../storage/xml-packing.js';

const Q = columnsOf('transmission_queue');
const D = columnsOf('documents');
const X = columnsOf('document_xml');

/**
 * A document's new chave and signed XML, stored only while the claiming attempt still holds its
 * queue row: the fence of every transmission result. Both in one statement, so a process that dies
 * before it leaves the document as it was (and, claimed, possibly sent: it is consulted at the
 * authoriser, never re-issued), and one that dies after leaves it re-issued, to be consulted at
 * the SVC and sent there by whoever claims it next.
 */
const STORE_REISSUED = namedStatement<{ id: string }>(
  'emissor_store_reissued_in_svc',
  `
    with held as (
      select ${Q.document_id} from ${tables.transmission_queue}
      where ${Q.document_id} = $1 and ${Q.attempts} = $2
      for update
    ), xml as (
      update ${tables.document_xml}
      set ${X.xml} = null, ${X.packing} = ${XML_PACKING}, ${X.packing_certificate_id} = $5, ${X.packed} = $4
      where ${X.document_id} in (select ${Q.document_id} from held)
    )
    update ${tables.documents} set ${D.chave_acesso} = $3
    where ${D.id} in (select ${Q.document_id} from held)
    returning ${D.id} as id`,
);

export async function storeReissued(
  pool: pg.Pool,
  claimed: { documentId: string; attempt: number },
  reissued: { chave: string; packed: Uint8Array; packingCertificateId: number },
): Promise<boolean> {
  const rows = await queryNamed(pool, STORE_REISSUED, [
    claimed.documentId,
    claimed.attempt,
    reissued.chave,
    Buffer.from(reissued.packed.buffer, reissued.packed.byteOffset, reissued.packed.byteLength),
    reissued.packingCertificateId,
  ]);
  return rows.length === 1;
}
