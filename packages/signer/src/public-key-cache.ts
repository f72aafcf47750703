import { X509Certificate, type KeyObject } from 'node:crypto';

const MAX_ENTRIES = 256;
const keys = new Map<string, KeyObject>();

/**
 * The public key of a base64 DER certificate, parsed once: a service verifies many documents
 * signed by the same few certificates, and parsing X.509 costs as much as the RSA check itself.
 * Bounded; the oldest entry goes first.
 */
export function publicKeyOf(certificateBase64: string): KeyObject {
  let key = keys.get(certificateBase64);
  if (!key) {
    key = new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey;
    if (keys.size >= MAX_ENTRIES) {
      const oldest = keys.keys().next().value;
      if (oldest !== undefined) keys.delete(oldest);
    }
    keys.set(certificateBase64, key);
  }
  return key;
}
