import { X509Certificate, type KeyObject } from 'node:crypto';

import { decodeBase64Binary } from './base64-binary.js';
import { malformed } from './errors.js';

const MAX_ENTRIES = 256;
const keys = new Map<string, KeyObject>();

/**
 * The public key of a base64 DER certificate (whitespace removed), parsed once: a service
 * verifies many documents signed by the same few certificates, and parsing X.509 costs as much as
 * the RSA check itself. Bounded; the oldest entry goes first.
 *
 * The text must be the strict base64 of exactly one certificate: OpenSSL reads a certificate from
 * the start of its bytes and passes over whatever follows, so a damaged text whose key survived
 * would otherwise still verify. Both checks run once per certificate, as it enters the cache.
 *
 * @throws {XmlSignError} `malformed` when the text is not that (Node's own error when the bytes
 *   are no certificate at all).
 */
export function publicKeyOf(certificateBase64: string): KeyObject {
  let key = keys.get(certificateBase64);
  if (!key) {
    const der = decodeBase64Binary(certificateBase64);
    const certificate = new X509Certificate(der);
    if (certificate.raw.length !== der.length)
      throw malformed('bytes after the certificate in X509Certificate');
    key = certificate.publicKey;
    if (keys.size >= MAX_ENTRIES) {
      const oldest = keys.keys().next().value;
      if (oldest !== undefined) keys.delete(oldest);
    }
    keys.set(certificateBase64, key);
  }
  return key;
}
