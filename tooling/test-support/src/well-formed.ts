import { XmlDocument, XmlLibError } from 'libxml2-wasm';

/**
 * What libxml2 (the parser of xmlsec1 and xmllint) reports when it cannot read `xml` as a
 * namespace-well-formed document; an empty array when it can. An oracle independent of the
 * scanner in @emissor/signer, and stricter than xmldom, which recovers from most errors.
 */
export function wellFormednessErrors(xml: string): string[] {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    if (error instanceof XmlLibError) return error.details.map((d) => d.message.trim());
    return [error instanceof Error ? error.message : String(error)];
  }
  doc.dispose();
  return [];
}
