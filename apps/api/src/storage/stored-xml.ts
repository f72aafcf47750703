import { packingDictionary, unpackXml, XML_PACKING } from './xml-packing.js';

/** A document_xml row as the reads select it: joined with its packing certificate's text. */
export interface StoredXmlRow {
  xml: string | null;
  packing: number | null;
  packed: Buffer | null;
  certificate_base64: string | null;
}

/** The signed NF-e of a document_xml row, packed (migration 0016) or stored as text before it. */
export function storedXmlText(row: StoredXmlRow): string {
  if (row.xml !== null) return row.xml;
  if (row.packing !== XML_PACKING || row.packed === null || row.certificate_base64 === null)
    throw new Error(`document_xml row in an unknown form (packing ${row.packing})`);
  return unpackXml(row.packed, packingDictionary(row.certificate_base64));
}

/** SQL columns for StoredXmlRow, from document_xml `x` left joined to packing_certificates `pc`. */
export const STORED_XML_COLUMNS = 'x.xml, x.packing, x.packed, pc.certificate_base64';
export const PACKING_CERTIFICATE_JOIN =
  'left join packing_certificates pc on pc.id = x.packing_certificate_id';
