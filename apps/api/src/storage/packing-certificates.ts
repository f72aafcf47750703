import { createHash } from 'node:crypto';

import type pg from 'pg';

import { namedStatement, queryNamed } from '../db/named-statement.js';
import type { PackingCertificate } from '../db/schema.js';
import { columnsOf, into, tables } from '../db/sql-names.js';

/** The ids of the certificates documents are packed with (table packing_certificates). */
export interface PackingCertificateIds {
  /** Each certificate's id, stored on first sight, in the order given. */
  idsOf(certificatesBase64: readonly string[]): Promise<number[]>;
}

// Content-addressed, never updated nor deleted: an id, once read, holds for the life of the
// database, so a process asks once per certificate. Two processes seeing a new certificate at once
// both insert; the unique key keeps one row and both read its id.
const PACKING_CERTIFICATES = columnsOf('packing_certificates');
const P = columnsOf('packing_certificates', 'p');

const STORE_CERTIFICATES = namedStatement<Pick<PackingCertificate, 'id' | 'sha256'>>(
  'emissor_store_packing_certificates',
  `
    with input as (
      select * from unnest($1::bytea[], $2::text[]) as i(sha256, certificate_base64)
    ), inserted as (
      insert into ${into('packing_certificates', ['sha256', 'certificate_base64'])}
      select sha256, certificate_base64 from input
      on conflict (${PACKING_CERTIFICATES.sha256}) do nothing
      returning ${PACKING_CERTIFICATES.id}, ${PACKING_CERTIFICATES.sha256}
    )
    select id, sha256 from inserted
    union all
    select ${P.id}, ${P.sha256} from ${tables.packing_certificates} p join input i on i.sha256 = ${P.sha256}`,
);

export function createPackingCertificateIds(pool: pg.Pool): PackingCertificateIds {
  // Keyed by the certificate text; a process signs for a handful of live certificates.
  const known = new Map<string, number>();
  return {
    async idsOf(certificates) {
      // A second pass: a row another process committed while this statement ran is skipped by
      // the insert (on conflict) and not yet in the statement's snapshot; the next one sees it.
      for (let pass = 0; pass < 2; pass++) {
        const missing = [...new Set(certificates.filter((c) => !known.has(c)))];
        if (missing.length === 0) break;
        const digests = missing.map((c) => createHash('sha256').update(c, 'latin1').digest());
        const rows = await queryNamed(pool, STORE_CERTIFICATES, [digests, missing]);
        const byDigest = new Map(rows.map((r) => [r.sha256.toString('hex'), r.id]));
        missing.forEach((c, i) => {
          const id = byDigest.get(digests[i]?.toString('hex') ?? '');
          if (id !== undefined) known.set(c, id);
        });
      }
      const ids = certificates.map((c) => known.get(c));
      if (ids.some((id) => id === undefined))
        throw new Error('a packing certificate was neither stored nor found');
      return ids as number[];
    },
  };
}
