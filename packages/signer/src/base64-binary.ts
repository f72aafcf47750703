import { malformed } from './errors.js';

/*
 * The base64 texts of a Signature (SignatureValue, X509Certificate) are xs:base64Binary. Node's
 * decoder accepts far more: it skips characters outside the alphabet, reads the URL-safe one,
 * stops at padding in the middle and ignores the pad bits. A text it reads that way is not
 * what the signer wrote, so the verifier refuses it instead of reading it as something else.
 */

/** The text without XML whitespace, which base64Binary allows between characters. */
export function withoutXmlSpace(text: string): string {
  return /[ \t\n\r]/.test(text) ? text.replace(/[ \t\n\r]+/g, '') : text;
}

/**
 * The octets of a base64Binary text (whitespace already removed), which must be exactly the
 * base64 of those octets: the alphabet, the padding, and zero pad bits.
 *
 * @throws {XmlSignError} `malformed` otherwise.
 */
export function decodeBase64Binary(base64: string): Buffer {
  const octets = Buffer.from(base64, 'base64');
  if (octets.toString('base64') !== base64) throw malformed('invalid base64 text');
  return octets;
}
