import { inflateSync } from 'node:zlib';

import { DanfeError } from './errors.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function invalid(message: string): DanfeError {
  return new DanfeError('invalid_logo', `The logo cannot be used: ${message}`);
}

/**
 * Checks a PNG before pdfkit sees it: pdfkit inflates some PNGs (alpha, palette transparency)
 * asynchronously and an error there would escape every caller, so the chunk structure and the
 * compressed image data are verified here, synchronously.
 */
function checkPng(bytes: Buffer): void {
  let at = 8;
  let sawHeader = false;
  const data: Buffer[] = [];
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) throw invalid(`PNG chunk ${type} runs past the end of the file`);
    if (type === 'IHDR') {
      sawHeader =
        length === 13 && bytes.readUInt32BE(at + 8) > 0 && bytes.readUInt32BE(at + 12) > 0;
    }
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at = end;
  }
  if (!sawHeader) throw invalid('PNG without a valid IHDR');
  if (data.length === 0) throw invalid('PNG without image data');
  try {
    inflateSync(Buffer.concat(data));
  } catch {
    throw invalid('PNG image data does not decompress');
  }
}

/** The logo as a Buffer for pdfkit, after checking it is a PNG or a JPEG. */
export function checkLogo(logo: Uint8Array): Buffer {
  const bytes = Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength);
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    checkPng(bytes);
    return bytes;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return bytes;
  throw invalid('only PNG and JPEG are accepted');
}
