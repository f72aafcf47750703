// @ts-check
// The code of a signing thread, and the one sign-and-verify every signing path uses. Plain
// JavaScript checked by TypeScript (JSDoc types, `checkJs`): a worker thread needs a file Node can
// run as it is, and this one runs unchanged from the sources (under the test runner) and from
// `dist/` (tsc copies it). Its only import is `@emissor/signer`, resolved like any package.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

import { CertificateError, signNfe, verifyNfe, XmlSignError } from '@emissor/signer';

import { packingDictionary, packXml } from '../storage/xml-packing.js';

/** A freshly signed document whose signature does not verify: a bug, never stored. */
export class SignatureInvalidError extends Error {
  /** @override */
  name = 'SignatureInvalidError';

  /**
   * @param {import('@emissor/signer').VerifyFailureReason} reason
   */
  constructor(reason) {
    super(`freshly signed document failed verification: ${reason}`);
    /** @readonly */
    this.code = reason;
  }
}

/**
 * Signs an NF-e and verifies the result (docs/api-rules.md: sign, verify, insert).
 *
 * @param {string} xml
 * @param {import('@emissor/signer').SigningCredentials} credentials
 * @returns {string}
 */
export function signAndVerify(xml, credentials) {
  const signed = signNfe(xml, credentials);
  const verification = verifyNfe(signed);
  if (!verification.valid) throw new SignatureInvalidError(verification.reason);
  return signed;
}

/** @type {WeakMap<import('@emissor/signer').SigningCredentials, Buffer>} */
const dictionaries = new WeakMap();

/**
 * signAndVerify, then packed for storage (src/storage/xml-packing.js) with the dictionary of the
 * certificate it was signed with: the thread that signs also compresses, off the event loop, and
 * hands back about 1 KB instead of the whole text.
 *
 * @param {string} xml
 * @param {import('@emissor/signer').SigningCredentials} credentials
 * @returns {Buffer}
 */
export function signVerifyAndPack(xml, credentials) {
  let dictionary = dictionaries.get(credentials);
  if (!dictionary) {
    dictionary = packingDictionary(credentials.certificateBase64);
    dictionaries.set(credentials, dictionary);
  }
  return packXml(signAndVerify(xml, credentials), dictionary);
}

/**
 * An error as it crosses between threads: structured cloning keeps an Error's message but not its
 * class or its `code`, so both travel as data and are rebuilt on the other side.
 *
 * @typedef {{ name: string; message: string; code?: string }} ErrorData
 */

/**
 * @param {unknown} error
 * @returns {ErrorData}
 */
export function errorToData(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = /** @type {{ code?: unknown }} */ (error).code;
  return typeof code === 'string'
    ? { name: error.name, message: error.message, code }
    : { name: error.name, message: error.message };
}

/**
 * The same error class and code the thread saw; unknown classes become a plain Error with its name.
 *
 * @param {ErrorData} data
 * @returns {Error}
 */
export function errorFromData(data) {
  const { name, message, code } = data;
  if (name === 'XmlSignError' && code)
    return new XmlSignError(
      /** @type {import('@emissor/signer').XmlSignErrorCode} */ (code),
      message,
    );
  if (name === 'CertificateError' && code)
    return new CertificateError(
      /** @type {import('@emissor/signer').CertificateErrorCode} */ (code),
      message,
    );
  if (name === 'SignatureInvalidError' && code)
    return new SignatureInvalidError(
      /** @type {import('@emissor/signer').VerifyFailureReason} */ (code),
    );
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * Credentials held per thread, at most this many (least recently used forgotten first). A process
 * signs for its live certificates, usually a handful; this bounds what replaced ones leave behind.
 */
export const CREDENTIALS_PER_THREAD = 256;

/**
 * The credentials a signing thread holds, by the number the pool gave each credentials object.
 * Cloning a KeyObject and the certificate into a thread with every document cost 2–7 µs of
 * main-thread CPU and 5–15 µs in all (about a third of the hand-over; bench/results/comparisons.md §7), so
 * they travel once per thread and later documents name them by number. The pool keeps one of these books per thread too, fed the same
 * calls in the same order (messages arrive in the order they were posted), so without asking it
 * knows whether the thread still holds a number: both books forget the same entries.
 *
 * @template T
 */
export class CredentialsBook {
  /** @type {Map<number, T>} */
  #entries = new Map();

  /** @param {number} capacity */
  constructor(capacity = CREDENTIALS_PER_THREAD) {
    this.capacity = capacity;
  }

  /**
   * The entry for `ref`, now the most recently used; undefined when it is not held.
   *
   * @param {number} ref
   * @returns {T | undefined}
   */
  use(ref) {
    const entry = this.#entries.get(ref);
    if (entry === undefined) return undefined;
    this.#entries.delete(ref);
    this.#entries.set(ref, entry);
    return entry;
  }

  /**
   * Holds `entry` for `ref` (a ref `use` did not find), forgetting the least recently used entry
   * beyond the capacity.
   *
   * @param {number} ref
   * @param {T} entry
   */
  hold(ref, entry) {
    this.#entries.set(ref, entry);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}

/**
 * `credentials` comes with the first document signed with `credentialsRef` on a thread (and again
 * after the thread forgot it); later documents carry only the ref. Requests travel in batches
 * (`SignRequest[]`, in the order they were made) and each batch is answered with one `SignReply[]`.
 *
 * @typedef {{
 *   id: number;
 *   xml: string;
 *   credentialsRef: number;
 *   credentials?: import('@emissor/signer').SigningCredentials;
 * }} SignRequest
 * @typedef {{ id: number; packed: Uint8Array } | { id: number; error: ErrorData }} SignReply
 */

/** Marks the threads the signing pool starts, so importing this file elsewhere starts nothing. */
export const SIGNING_THREAD = 'emissor-signing-thread';

if (!isMainThread && parentPort && workerData === SIGNING_THREAD) {
  const port = parentPort;
  /** @type {CredentialsBook<import('@emissor/signer').SigningCredentials>} */
  const held = new CredentialsBook();
  /**
   * One document, never throwing: its failure is its own reply, not the batch's.
   *
   * @param {SignRequest} request
   * @returns {SignReply}
   */
  const answer = ({ id, xml, credentialsRef, credentials }) => {
    try {
      if (credentials) held.hold(credentialsRef, credentials);
      const signWith = credentials ?? held.use(credentialsRef);
      if (!signWith) throw new Error(`signing thread holds no credentials ${credentialsRef}`);
      return { id, packed: signVerifyAndPack(xml, signWith) };
    } catch (error) {
      return { id, error: errorToData(error) };
    }
  };
  // A batch is answered in one message too: its documents are awaited together (one statement
  // stores them), and each message wakes the event loop once.
  port.on('message', (/** @type {SignRequest[]} */ batch) => {
    port.postMessage(batch.map(answer));
  });
}
