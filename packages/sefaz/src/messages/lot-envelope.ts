import { NFE_NAMESPACE } from '../namespaces.js';
import { withoutXmlDeclaration } from '../xml/escape.js';

/**
 * The size SEFAZ accepts for a whole `enviNFe` ("Tamanho do XML de Dados superior a 500 KB",
 * cStat 214): the lot's XML with every NF-e in it, not the SOAP envelope around it.
 */
export const MAX_MESSAGE_BYTES = 500 * 1024;

/** The longest idLote the schema admits (`[0-9]{1,15}`), which makes the longest envelope. */
export const LONGEST_ID_LOTE = '9'.repeat(15);

/** `enviNFe` up to its first NF-e: the root, idLote and indSinc. */
export function enviNFeOpening(idLote: string, sincrono: boolean): string {
  return (
    `<enviNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><idLote>${idLote}</idLote>` +
    `<indSinc>${sincrono ? '1' : '0'}</indSinc>`
  );
}

export const ENVI_NFE_CLOSE = '</enviNFe>';

/** What a lot adds to the bytes of its NF-e at the most: the envelope with the longest idLote. */
export const LOT_ENVELOPE_BYTES = Buffer.byteLength(
  enviNFeOpening(LONGEST_ID_LOTE, true) + ENVI_NFE_CLOSE,
  'utf8',
);

/**
 * The largest signed NF-e SEFAZ can accept: alone in its lot, whatever the lot's idLote. A larger
 * one can never be sent, so it should never be numbered.
 */
export const MAX_NFE_BYTES = MAX_MESSAGE_BYTES - LOT_ENVELOPE_BYTES;

/** An NF-e as a lot embeds it: byte for byte, without an XML declaration. */
export function lotNfeText(nfe: string): string {
  return withoutXmlDeclaration(nfe).trim();
}
