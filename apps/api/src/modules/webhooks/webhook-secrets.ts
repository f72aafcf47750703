import type { Kysely } from 'kysely';

import type { Keyring } from '../../crypto/master-key.js';
import type { Database, WebhookRow } from '../../db/schema.js';

/** The secrets of one webhook: the current one and, after a rotation, the previous one. */
export interface WebhookSecrets {
  current: string;
  previous: string | null;
}

/** Associated data: bytes copied into another product's or webhook's row fail to decrypt. */
function binding(owner: { product_id: string; id: string }): Buffer {
  return Buffer.from(JSON.stringify(['webhook', owner.product_id, owner.id]));
}

/** Encrypts the secrets as certificate passwords are (AES-256-GCM under the master key). */
export function sealSecrets(
  keyring: Keyring,
  owner: { product_id: string; id: string },
  secrets: WebhookSecrets,
): { secrets_ciphertext: Buffer; master_key_id: string } {
  const { keyId, sealed } = keyring.encrypt(
    Buffer.from(JSON.stringify(secrets), 'utf8'),
    binding(owner),
  );
  return { secrets_ciphertext: sealed, master_key_id: keyId };
}

export function openSecrets(
  keyring: Keyring,
  row: Pick<WebhookRow, 'id' | 'product_id' | 'secrets_ciphertext' | 'master_key_id'>,
): WebhookSecrets {
  const plain = keyring.decrypt(row.master_key_id, row.secrets_ciphertext, binding(row));
  return JSON.parse(plain.toString('utf8')) as WebhookSecrets;
}

/** The secrets that sign a message sent at `now`: the previous one only until it expires. */
export function signingSecrets(
  secrets: WebhookSecrets,
  previousExpiresAt: Date | null,
  now: Date,
): string[] {
  const previousValid =
    secrets.previous !== null && previousExpiresAt !== null && now < previousExpiresAt;
  return previousValid && secrets.previous
    ? [secrets.current, secrets.previous]
    : [secrets.current];
}

/**
 * Re-encrypts every webhook's secrets under the keyring's current master key (a master-key
 * rotation), one row per transaction like the certificates, so a crash midway leaves each row
 * readable with one of the two secrets.
 */
export async function reencryptWebhookSecrets(
  db: Kysely<Database>,
  keyring: Keyring,
): Promise<number> {
  const stale = await db
    .selectFrom('webhooks')
    .select('id')
    .where('master_key_id', '!=', keyring.currentId)
    .execute();
  let reencrypted = 0;
  for (const { id } of stale) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('webhooks')
        .select(['id', 'product_id', 'secrets_ciphertext', 'master_key_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.master_key_id === keyring.currentId) return;
      await trx
        .updateTable('webhooks')
        .set(sealSecrets(keyring, row, openSecrets(keyring, row)))
        .where('id', '=', id)
        .execute();
      reencrypted += 1;
    });
  }
  return reencrypted;
}
