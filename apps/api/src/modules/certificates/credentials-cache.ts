import { readPkcs12, type Credentials } from '@emissor/signer';
import type { Kysely } from 'kysely';

import type { Keyring } from '../../crypto/master-key.js';
import type { Database } from '../../db/schema.js';
import { certificateBinding } from './certificate-binding.js';
import { loadCiphertexts } from './certificates.repository.js';

export interface CredentialsCache {
  /** Parsed credentials of a certificate row: decrypted and parsed once, then kept in memory. */
  get(certificateId: string): Promise<Credentials>;
  /** Seeds the cache right after an upload, which already parsed the file. */
  put(certificateId: string, credentials: Credentials): void;
}

/**
 * Certificate rows are immutable (a replacement is a new row with a new id), so a cache keyed by
 * id can never serve a replaced certificate: emissions look up the live row first. Bounded, with
 * least-recently-used eviction.
 */
export function createCredentialsCache(
  db: Kysely<Database>,
  keyring: Keyring,
  capacity = 2_000,
): CredentialsCache {
  const entries = new Map<string, Promise<Credentials>>();

  const remember = (id: string, value: Promise<Credentials>) => {
    entries.delete(id);
    entries.set(id, value);
    if (entries.size > capacity) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  const load = async (id: string): Promise<Credentials> => {
    const row = await loadCiphertexts(db, id);
    if (!row) throw new Error(`certificate ${id} not found`);
    const binding = certificateBinding(row);
    const pfx = keyring.decrypt(row.master_key_id, row.pfx_ciphertext, binding);
    const password = keyring
      .decrypt(row.master_key_id, row.password_ciphertext, binding)
      .toString('utf8');
    return readPkcs12(pfx, password);
  };

  return {
    get(id) {
      const hit = entries.get(id);
      if (hit) {
        remember(id, hit);
        return hit;
      }
      const pending = load(id);
      remember(id, pending);
      // A failed load must not stick: the next emission tries again.
      pending.catch(() => entries.delete(id));
      return pending;
    },
    put(id, credentials) {
      remember(id, Promise.resolve(credentials));
    },
  };
}
