import type { Kysely } from 'kysely';

import type { Database } from '../db/schema.js';
import { burnComparisonTime, keyFingerprint, parseKeyId, verifyKeyHash } from './api-key.js';

export interface AuthenticateOptions {
  /**
   * Spend a bcrypt on a key whose id is unknown (default true), so unknown and wrong keys take the
   * same time. The failed-authentication limiter turns it off for an address over its limit: that
   * bcrypt only hides which key ids exist, and is the cost a flood of made-up keys would impose.
   */
  equaliseTiming?: boolean;
}

export interface Authenticator {
  /** The product id for a valid key of a live product, else undefined. */
  authenticate(key: string | undefined, options?: AuthenticateOptions): Promise<string | undefined>;
  /**
   * Settles once no check is running, background re-confirmations included: a caller that must
   * know they are done (a test reading the cache after one) awaits this instead of sleeping.
   */
  idle(): Promise<void>;
}

export interface AuthenticatorOptions {
  /** How long a successful check is trusted; 0 checks every request with bcrypt. */
  ttlMs: number;
  now?: () => number;
  /** bcrypt's comparison; a parameter so a test can count how often the real one runs. */
  verifyHash?: (key: string, hash: string) => Promise<boolean>;
}

/** A key that passed bcrypt: the product it opened, the hash it matched, and when that was last confirmed. */
interface Verified {
  productId: string;
  keyHash: string;
  checkedAt: number;
}

/** Bounded: a cache, not a registry. */
const MAX_VERIFIED = 10_000;

/**
 * Verifies API keys with bcrypt (~50 ms of CPU) and trusts a success for `ttlMs`, keyed by a
 * SHA-256 of the key, so a deleted product or a rotated key stops working within `ttlMs`.
 *
 * Steady traffic must never wait for bcrypt. A plain expiring cache made every request in flight
 * when the entry expired run its own bcrypt at once: under 64 concurrent clients that stalled
 * emissions for over two seconds every `ttlMs`. So:
 * - the check of one key is shared by the requests that need it at the same time (single flight);
 * - past half of `ttlMs` a used entry is re-confirmed in the background, while requests go on;
 * - a re-confirmation skips bcrypt when the product still holds the very hash the key matched
 *   (a rotation or deletion changes or hides that row), so it costs one indexed query.
 */
export function createAuthenticator(
  db: Kysely<Database>,
  options: AuthenticatorOptions,
): Authenticator {
  const { ttlMs, now = Date.now, verifyHash = verifyKeyHash } = options;
  const verified = new Map<string, Verified>();
  const inFlight = new Map<string, Promise<string | undefined>>();

  const lookup = (keyId: string) =>
    db
      .selectFrom('products')
      .select(['id', 'key_hash'])
      .where('key_id', '=', keyId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  const check = async (
    fingerprint: string,
    key: string,
    equaliseTiming: boolean,
  ): Promise<string | undefined> => {
    const keyId = parseKeyId(key);
    const product = keyId ? await lookup(keyId) : undefined;
    if (!product) {
      verified.delete(fingerprint);
      if (equaliseTiming) await burnComparisonTime(key);
      return undefined;
    }
    const known = verified.get(fingerprint);
    const unchanged =
      known !== undefined && known.productId === product.id && known.keyHash === product.key_hash;
    if (!unchanged && !(await verifyHash(key, product.key_hash))) {
      verified.delete(fingerprint);
      return undefined;
    }
    if (ttlMs > 0) {
      if (!known && verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(fingerprint, {
        productId: product.id,
        keyHash: product.key_hash,
        checkedAt: now(),
      });
    }
    return product.id;
  };

  /** The check of `key` under way, or a new one: concurrent requests with one key share it. */
  const checkOnce = (
    fingerprint: string,
    key: string,
    equaliseTiming = true,
  ): Promise<string | undefined> => {
    const pending = inFlight.get(fingerprint);
    if (pending) return pending;
    const started = check(fingerprint, key, equaliseTiming).finally(() =>
      inFlight.delete(fingerprint),
    );
    inFlight.set(fingerprint, started);
    return started;
  };

  return {
    async authenticate(key, options = {}) {
      if (!key) return undefined;
      const fingerprint = keyFingerprint(key);
      const entry = ttlMs > 0 ? verified.get(fingerprint) : undefined;
      if (entry) {
        const age = now() - entry.checkedAt;
        if (age < ttlMs) {
          // A failed background check (database down) leaves the entry to expire on time.
          if (age >= ttlMs / 2) checkOnce(fingerprint, key).catch(() => {});
          return entry.productId;
        }
      }
      return checkOnce(fingerprint, key, options.equaliseTiming ?? true);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
