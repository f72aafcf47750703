import { hash } from 'node:crypto';

/**
 * SHA-256 (hex) of a request body as the contract's schema parsed it. zod builds every parsed
 * object in its schema's key order (unknown keys are refused), so the JSON of the parsed body is
 * already canonical: the key order and spacing the client sent do not change it, any value does.
 * A retried request is recognised, a different one under the same key is not. (A key-sorting
 * serialiser gave the same answers at seven times the cost of JSON.stringify.) It runs on every
 * emission, so the digest is crypto.hash's one native call rather than a Hash object's
 * create/update/digest.
 */
export function requestFingerprint(parsedBody: unknown): string {
  return hash('sha256', JSON.stringify(parsedBody), 'hex');
}
