import { sql, type Kysely } from 'kysely';

import { liveInSlot, type Slot } from '../../db/live-slot.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Certificate, Database, NewCertificate } from '../../db/schema.js';

export type CertificateSlot = Slot;

/** Metadata columns: everything but the ciphertexts. */
const METADATA = [
  'id',
  'product_id',
  'tenant_ref',
  'branch_ref',
  'cnpj',
  'cnpj_certificado',
  'subject_cn',
  'not_valid_before',
  'not_valid_after',
  'master_key_id',
  'created_at',
] as const;

export type CertificateMetadata = Pick<Certificate, (typeof METADATA)[number]>;

export function findLiveCertificate(
  db: Kysely<Database>,
  slot: CertificateSlot,
): Promise<CertificateMetadata | undefined> {
  return db.selectFrom('certificates').select(METADATA).where(liveInSlot(slot)).executeTakeFirst();
}

export function loadCiphertexts(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('certificates')
    .select([
      'pfx_ciphertext',
      'password_ciphertext',
      'master_key_id',
      'product_id',
      'tenant_ref',
      'branch_ref',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Makes `values` the slot's live certificate: soft-deletes the current one and inserts the new one
 * in one transaction. Uploads for one slot that overlap in time conflict: when the live certificate
 * was stored after this upload arrived (`receivedAt`), another upload won while this one was in
 * flight, and nothing is written (undefined). So of concurrent uploads exactly one wins, and the
 * partial unique index guarantees two live certificates can never exist. Assumes the API hosts'
 * clocks agree with the database's to well within a request's duration (NTP).
 */
export async function replaceCertificate(
  db: Kysely<Database>,
  values: NewCertificate,
  receivedAt: Date,
): Promise<CertificateMetadata | undefined> {
  const lostRace = new Error('slot changed');
  try {
    return await db.transaction().execute(async (trx) => {
      const retired = await trx
        .updateTable('certificates')
        .set({ deleted_at: sql<Date>`now()` })
        .where(
          liveInSlot({
            productId: values.product_id,
            tenantRef: values.tenant_ref,
            branchRef: values.branch_ref,
          }),
        )
        .returning('created_at')
        .executeTakeFirst();
      if (retired && retired.created_at > receivedAt) throw lostRace;
      return trx
        .insertInto('certificates')
        .values(values)
        .returning(METADATA)
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (error === lostRace || isUniqueViolation(error, 'certificates_slot_live')) return undefined;
    throw error;
  }
}

/** Soft-deletes the slot's live certificate; false when there was none. */
export async function deactivateCertificate(
  db: Kysely<Database>,
  slot: CertificateSlot,
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ deleted_at: new Date() })
    .where(liveInSlot(slot))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
