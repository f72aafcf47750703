import { deflateSync, inflateSync } from 'node:zlib';

import { PACKING_DICTIONARY_V1 } from './xml-packing-dictionary.js';

// Why signed NF-e are stored packed (migration 0016): PostgreSQL's own TOAST compression (pglz)
// leaves a 10-item NF-e at about 3.9 KB, out of line in two TOAST chunks: three quarters of the
// bytes an emission writes. Most of it is what every document of a branch repeats: the tags, and
// the branch's certificate (base64, about 1.6 KB, which no general compressor shrinks much on its
// own). Deflate with a preset dictionary of both keeps about 1 KB, inline in the row. Fewer new
// pages per emission is fewer pages PostgreSQL extends and the kernel writes back in bursts
// (bench/results/series-counter.md, issue #21).

/** The packing format of packXml: zlib, dictionary v1 followed by the certificate. */
export const XML_PACKING = 1;

const FIXED = Buffer.from(PACKING_DICTIONARY_V1, 'utf8');

/**
 * The dictionary for documents signed with the certificate `certificateBase64` (the text of their
 * X509Certificate element). Deflate uses the last 32 KB of a dictionary: both parts fit.
 *
 * @param {string} certificateBase64
 * @returns {Buffer}
 */
export function packingDictionary(certificateBase64) {
  return Buffer.concat([FIXED, Buffer.from(certificateBase64, 'latin1')]);
}

/**
 * @param {string} xml
 * @param {Buffer} dictionary from packingDictionary
 * @returns {Buffer}
 */
export function packXml(xml, dictionary) {
  return deflateSync(Buffer.from(xml, 'utf8'), { level: 6, dictionary });
}

/**
 * The exact text packXml was given. The zlib stream names its dictionary (Adler-32) and ends with
 * a checksum of the text, so a wrong dictionary or damaged bytes throw instead of reading wrong.
 *
 * @param {Uint8Array} packed
 * @param {Buffer} dictionary
 * @returns {string}
 */
export function unpackXml(packed, dictionary) {
  return inflateSync(packed, { dictionary }).toString('utf8');
}
