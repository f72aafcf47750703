import type { Kysely } from 'kysely';

import type { Database } from '../db/schema.js';
import { burnComparisonTime, keyFingerprint, parseKeyId, verifyKeyHash } from './api-key.js';

export interface Authenticator {
  /** The product id for a valid key of a live product, else undefined. */
  authenticate(key: string | undefined): Promise<string | undefined>;
}

/**
 * Verifies API keys with bcrypt and remembers successes for `ttlMs`, keyed by a SHA-256 of the
 * key, so steady traffic does not pay 50 ms of bcrypt per request. A deleted product or rotated key
 * therefore stops working within `ttlMs`.
 */
export function createAuthenticator(db: Kysely<Database>, ttlMs: number, now = Date.now): Authenticator {
  const cache = new Map<string, { productId: string; expiresAt: number }>();

  return {
    async authenticate(key) {
      if (!key) return undefined;
      const fingerprint = keyFingerprint(key);
      const cached = cache.get(fingerprint);
      if (cached && cached.expiresAt > now()) return cached.productId;
      cache.delete(fingerprint);

      const keyId = parseKeyId(key);
      const product = keyId
        ? await db
            .selectFrom('products')
            .select(['id', 'key_hash'])
            .where('key_id', '=', keyId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
        : undefined;
      if (!product) {
        await burnComparisonTime(key);
        return undefined;
      }
      if (!(await verifyKeyHash(key, product.key_hash))) return undefined;
      if (ttlMs > 0) {
        if (cache.size > 10_000) cache.clear(); // bounded: a cache, not a registry
        cache.set(fingerprint, { productId: product.id, expiresAt: now() + ttlMs });
      }
      return product.id;
    },
  };
}
