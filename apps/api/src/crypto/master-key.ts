import { createHash, randomBytes } from 'node:crypto';

import argon2 from 'argon2';
import { sql, type Kysely } from 'kysely';

import type { Database } from '../db/schema.js';
import { open, seal } from './aead.js';

const CHECK_PLAINTEXT = Buffer.from('emissor master key check v1');
// Any constant works; it only has to be the same in every Emissor process.
const KEYRING_LOCK = 724_311_956;

/** AES keys derived from the configured master secret(s), by the id stored beside each ciphertext. */
export interface Keyring {
  /** The id new ciphertexts are written under. */
  currentId: string;
  encrypt(plaintext: Buffer, associatedData: Buffer): { keyId: string; sealed: Buffer };
  decrypt(keyId: string, sealed: Buffer, associatedData: Buffer): Buffer;
}

export class MasterKeyError extends Error {
  override name = 'MasterKeyError';
}

/**
 * Keys already derived in this process, by a digest of secret and salt. Deriving costs about a
 * second of CPU on purpose; a process that opens the keyring again with the same secret (a key
 * rotation, or the many servers a test worker starts) pays it once. Bounded: a handful of secrets.
 */
const derived = new Map<string, Promise<Buffer>>();
const MAX_DERIVED = 16;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  const id = createHash('sha256').update(salt).update('\0').update(secret).digest('base64');
  let key = derived.get(id);
  if (!key) {
    // argon2id so that any string from a secret manager becomes a uniformly random AES key, and a
    // guessable one is expensive to brute-force from a database dump.
    key = argon2.hash(secret, { type: argon2.argon2id, salt, raw: true, hashLength: 32 });
    // A failed derivation is not kept: the next open tries again.
    key.catch(() => derived.delete(id));
    if (derived.size >= MAX_DERIVED) derived.delete(derived.keys().next().value as string);
    derived.set(id, key);
  }
  return key;
}

function opens(key: Buffer, sealed: Buffer): boolean {
  try {
    return open(key, sealed).equals(CHECK_PLAINTEXT);
  } catch {
    return false;
  }
}

/**
 * Finds the master_keys rows that the given secrets open and derives their AES keys, once. The
 * first secret is the current one: when no row matches it yet, a new row (random salt) is created
 * for it. Later secrets (e.g. the previous key during a rotation) only ever decrypt.
 */
export async function loadKeyring(
  db: Kysely<Database>,
  secrets: readonly string[],
): Promise<Keyring> {
  // Under a lock: processes starting together on a new database must agree on one key row (each
  // creating its own would leave every process unable to read the others' ciphertexts).
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${KEYRING_LOCK})`.execute(trx);
    return loadKeyringLocked(trx, secrets);
  });
}

async function loadKeyringLocked(
  db: Kysely<Database>,
  secrets: readonly string[],
): Promise<Keyring> {
  const [currentSecret] = secrets;
  if (!currentSecret) throw new MasterKeyError('no master key configured');
  const rows = await db.selectFrom('master_keys').selectAll().orderBy('created_at').execute();
  const keys = new Map<string, Buffer>();
  let currentId: string | undefined;

  for (const row of rows) {
    for (const [index, secret] of secrets.entries()) {
      const key = await derive(secret, row.salt);
      if (!opens(key, row.check_ciphertext)) continue;
      keys.set(row.id, key);
      if (index === 0 && !row.retired_at) currentId = row.id;
      break;
    }
  }

  if (!currentId && rows.some((row) => row.retired_at && keys.has(row.id))) {
    throw new MasterKeyError(
      'EMISSOR_MASTER_KEY was rotated away: it opens only retired master keys. Configure the new secret.',
    );
  }
  for (const [table, what] of [
    ['certificates', 'certificate(s)'],
    ['webhooks', 'webhook secret(s)'],
  ] as const) {
    const unreadable = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .$if(keys.size > 0, (q) => q.where('master_key_id', 'not in', [...keys.keys()]))
      .executeTakeFirstOrThrow();
    if (Number(unreadable.n) > 0) {
      throw new MasterKeyError(
        `${unreadable.n} ${what} are encrypted under master keys the configured secret(s) do not open: wrong EMISSOR_MASTER_KEY?`,
      );
    }
  }

  if (!currentId) {
    const salt = randomBytes(16);
    const key = await derive(currentSecret, salt);
    const id = randomBytes(8).toString('hex');
    await db
      .insertInto('master_keys')
      .values({ id, salt, check_ciphertext: seal(key, CHECK_PLAINTEXT) })
      .execute();
    keys.set(id, key);
    currentId = id;
  }

  const id = currentId;
  return {
    currentId: id,
    encrypt(plaintext, associatedData) {
      const key = keys.get(id);
      if (!key) throw new MasterKeyError('current master key missing');
      return { keyId: id, sealed: seal(key, plaintext, associatedData) };
    },
    decrypt(keyId, sealed, associatedData) {
      const key = keys.get(keyId);
      if (!key) throw new MasterKeyError(`master key ${keyId} is not configured`);
      return open(key, sealed, associatedData);
    },
  };
}
