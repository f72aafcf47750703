// @ts-check
// The code of a signing thread, and the one sign-and-verify every signing path uses. Plain
// JavaScript checked by TypeScript (JSDoc types, `checkJs`): a worker thread needs a file Node can
// run as it is, and this one runs unchanged from the sources (under the test runner) and from
// `dist/` (tsc copies it). Its only import is `@emissor/signer`, resolved like any package.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

import { CertificateError, signNfe, verifyNfe, XmlSignError } from '@emissor/signer';

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
 * Signs an NF-e and verifies the result (decisions.md: sign, verify, insert).
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
 * @typedef {{ id: number; xml: string; credentials: import('@emissor/signer').SigningCredentials }} SignRequest
 * @typedef {{ id: number; signed: string } | { id: number; error: ErrorData }} SignReply
 */

/** Marks the threads the signing pool starts, so importing this file elsewhere starts nothing. */
export const SIGNING_THREAD = 'emissor-signing-thread';

if (!isMainThread && parentPort && workerData === SIGNING_THREAD) {
  const port = parentPort;
  port.on('message', (/** @type {SignRequest} */ { id, xml, credentials }) => {
    /** @type {SignReply} */
    let reply;
    try {
      reply = { id, signed: signAndVerify(xml, credentials) };
    } catch (error) {
      reply = { id, error: errorToData(error) };
    }
    port.postMessage(reply);
  });
}
