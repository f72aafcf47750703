import { MAX_NFE_PER_LOT } from './envi-nfe.js';
import { LOT_ENVELOPE_BYTES, lotNfeText, MAX_MESSAGE_BYTES } from './lot-envelope.js';

/**
 * Splits signed NF-e (of one certificate, UF and ambiente) into lots SEFAZ accepts: at most 50
 * documents and 500 KB per `enviNFe` (its envelope counted at its largest), in the given order.
 * Each element is a list of indexes into `nfes`. A document too large to travel even alone gets a
 * lot of its own, where building it fails (`checkNfeTravelsAlone`) without holding back the others.
 */
export function packLots(
  nfes: readonly string[],
  limits: { readonly maxCount?: number; readonly maxBytes?: number } = {},
): number[][] {
  const maxCount = limits.maxCount ?? MAX_NFE_PER_LOT;
  const maxBytes = (limits.maxBytes ?? MAX_MESSAGE_BYTES) - LOT_ENVELOPE_BYTES;
  const lots: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  nfes.forEach((nfe, index) => {
    const size = Buffer.byteLength(lotNfeText(nfe), 'utf8');
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      lots.push(current);
      current = [];
      bytes = 0;
    }
    current.push(index);
    bytes += size;
  });
  if (current.length > 0) lots.push(current);
  return lots;
}
