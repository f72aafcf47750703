import type { Kysely } from 'kysely';

import { loadKeyring } from '../../crypto/master-key.js';
import type { Database } from '../../db/schema.js';
import { reencryptWebhookSecrets } from '../webhooks/webhook-secrets.js';
import { certificateBinding } from './certificate-binding.js';

export interface RotationResult {
  newKeyId: string;
  /** Certificates re-encrypted. */
  reencrypted: number;
  /** Webhooks whose secrets were re-encrypted. */
  webhookSecrets: number;
}

/**
 * Re-encrypts every certificate (live and soft-deleted) and every webhook's secrets (deleted ones
 * too) under `newSecret` and retires the master
 * keys of `oldSecret`. Rows move one transaction each, so a crash midway leaves every row readable
 * with one of the two secrets; running the rotation again finishes the job.
 */
export async function rotateMasterKey(
  db: Kysely<Database>,
  oldSecret: string,
  newSecret: string,
): Promise<RotationResult> {
  if (oldSecret === newSecret) throw new Error('the new master key equals the current one');
  const keyring = await loadKeyring(db, [newSecret, oldSecret]);
  const stale = await db
    .selectFrom('certificates')
    .select('id')
    .where('master_key_id', '!=', keyring.currentId)
    .execute();

  let reencrypted = 0;
  for (const { id } of stale) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('certificates')
        .select([
          'product_id',
          'tenant_ref',
          'branch_ref',
          'pfx_ciphertext',
          'password_ciphertext',
          'master_key_id',
        ])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.master_key_id === keyring.currentId) return;
      const binding = certificateBinding(row);
      const pfx = keyring.encrypt(
        keyring.decrypt(row.master_key_id, row.pfx_ciphertext, binding),
        binding,
      );
      const password = keyring.encrypt(
        keyring.decrypt(row.master_key_id, row.password_ciphertext, binding),
        binding,
      );
      await trx
        .updateTable('certificates')
        .set({
          pfx_ciphertext: pfx.sealed,
          password_ciphertext: password.sealed,
          master_key_id: pfx.keyId,
        })
        .where('id', '=', id)
        .execute();
      reencrypted += 1;
    });
  }
  // Before the old keys retire: a webhook left under one would never be signed again.
  const webhookSecrets = await reencryptWebhookSecrets(db, keyring);
  await db
    .updateTable('master_keys')
    .set({ retired_at: new Date() })
    .where('id', '!=', keyring.currentId)
    .where('retired_at', 'is', null)
    .execute();
  return { newKeyId: keyring.currentId, reencrypted, webhookSecrets };
}
