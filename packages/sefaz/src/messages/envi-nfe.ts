import { byteLengthOf } from '../byte-length.js';
import { SefazMessageError } from './errors.js';
import { requireIdLote } from './fields.js';
import {
  ENVI_NFE_CLOSE,
  enviNFeOpening,
  LONGEST_ID_LOTE,
  lotNfeText,
  MAX_MESSAGE_BYTES,
} from './lot-envelope.js';

export { MAX_MESSAGE_BYTES } from './lot-envelope.js';

/** Most NF-e per lot (`TEnviNFe`). */
export const MAX_NFE_PER_LOT = 50;

export interface EnviNFeInput {
  /** 1–15 digits; SEFAZ echoes it but does not use it. */
  readonly idLote: string;
  /**
   * `indSinc=1`: answer in the same call. Required for a lot of one NF-e since NT 2025.001 (452)
   * and refused for several (764); a server may still answer asynchronously (103 + recibo).
   */
  readonly sincrono: boolean;
  /** Signed `NFe` documents, each as signed (an XML declaration is dropped). */
  readonly nfes: readonly string[];
}

/**
 * `enviNFe` 4.00 for `NFeAutorizacao4`. The NF-e are embedded byte for byte, so their signatures
 * still verify inside the lot.
 *
 * @throws {SefazMessageError} bad idLote, 0 or more than 50 NF-e, a document that is not an NFe,
 *   or a message over 500 KB.
 */
export function buildEnviNFe(input: EnviNFeInput): string {
  return buildEnviNFeParts(input).join('');
}

/**
 * `buildEnviNFe`'s message as the pieces it is made of, in order: its opening, each NF-e, its
 * close. `SefazClient` sends them one after another (`SefazCall.message`), so a 50-NF-e lot of up
 * to 500 KB is never put together in memory: one string or buffer that large costs more to
 * allocate (fresh pages, V8's large-object space) than to fill.
 *
 * @throws {SefazMessageError} as buildEnviNFe.
 */
export function buildEnviNFeParts(input: EnviNFeInput): readonly string[] {
  const idLote = requireIdLote(input.idLote);
  if (input.nfes.length < 1 || input.nfes.length > MAX_NFE_PER_LOT)
    throw new SefazMessageError(
      'nfes',
      `expected 1–${MAX_NFE_PER_LOT} NF-e, got ${input.nfes.length}`,
    );
  const documents = input.nfes.map((nfe, index) => {
    const body = lotNfeText(nfe);
    if (!/^<NFe[\s>]/.test(body))
      throw new SefazMessageError(`nfes[${index}]`, 'expected an <NFe> document');
    return body;
  });
  const parts = [enviNFeOpening(idLote, input.sincrono), ...documents, ENVI_NFE_CLOSE];
  const bytes = byteLengthOf(parts);
  if (bytes > MAX_MESSAGE_BYTES)
    throw new SefazMessageError(
      'nfes',
      `the enviNFe would be ${bytes.toLocaleString('en-US')} bytes, over the ` +
        `${MAX_MESSAGE_BYTES.toLocaleString('en-US')} bytes (500 KB) SEFAZ accepts (214)`,
    );
  return parts;
}

/**
 * Checks that one signed NF-e can travel at all: alone in a lot with the longest idLote, the
 * most any lot adds to it. A document that fails here fails in every lot, every time.
 *
 * @throws {SefazMessageError} as buildEnviNFe: not an NFe, or too large.
 */
export function checkNfeTravelsAlone(nfe: string): void {
  buildEnviNFeParts({ idLote: LONGEST_ID_LOTE, sincrono: true, nfes: [nfe] });
}
