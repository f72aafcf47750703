const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/**
 * Inserts a structurally valid but meaningless enveloped `Signature` before `</NFe>`, so unsigned
 * builder output can be checked against `nfe_v4.00.xsd` (which requires one). Real signing and
 * verification are the signer's tests; this only has to satisfy xmldsig-core-schema_v1.01.xsd.
 */
export function withPlaceholderSignature(xml: string): string {
  const id = /<infNFe Id="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error('withPlaceholderSignature: no infNFe Id in the document');
  const end = xml.lastIndexOf('</NFe>');
  if (end < 0) throw new Error('withPlaceholderSignature: no </NFe> in the document');
  const signature =
    `<Signature xmlns="${DSIG}"><SignedInfo>` +
    `<CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${DSIG}rsa-sha1"></SignatureMethod>` +
    `<Reference URI="#${id}"><Transforms>` +
    `<Transform Algorithm="${DSIG}enveloped-signature"></Transform>` +
    `<Transform Algorithm="${C14N}"></Transform>` +
    `</Transforms><DigestMethod Algorithm="${DSIG}sha1"></DigestMethod>` +
    `<DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</DigestValue></Reference></SignedInfo>` +
    `<SignatureValue>AAAA</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>AAAA</X509Certificate></X509Data></KeyInfo></Signature>`;
  return xml.slice(0, end) + signature + xml.slice(end);
}
