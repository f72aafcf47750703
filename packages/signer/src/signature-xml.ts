import { escapeAttributeC14n } from './c14n-escape.js';

/*
 * The fixed parts of the NF-e Signature element (NF-e manual / xmldsig-core-schema_v1.01.xsd:
 * rsa-sha1, sha1, C14N 1.0 without comments, exactly these two transforms, no prefix). They are
 * written with empty-element tags, as SEFAZ samples and xml-crypto do; the signed octets are the
 * canonical form of SignedInfo, which the signer computes with the same canonicaliser as infNFe.
 */

export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
export const C14N_ALGORITHM = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const RSA_SHA1_ALGORITHM = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const SHA1_ALGORITHM = 'http://www.w3.org/2000/09/xmldsig#sha1';
export const ENVELOPED_ALGORITHM = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** `<SignedInfo>` for a reference to `#id` with the given base64 digest. */
export function signedInfoXml(id: string, digestValue: string): string {
  return (
    `<SignedInfo><CanonicalizationMethod Algorithm="${C14N_ALGORITHM}"/>` +
    `<SignatureMethod Algorithm="${RSA_SHA1_ALGORITHM}"/>` +
    `<Reference URI="#${escapeAttributeC14n(id)}"><Transforms>` +
    `<Transform Algorithm="${ENVELOPED_ALGORITHM}"/><Transform Algorithm="${C14N_ALGORITHM}"/></Transforms>` +
    `<DigestMethod Algorithm="${SHA1_ALGORITHM}"/><DigestValue>${digestValue}</DigestValue></Reference></SignedInfo>`
  );
}

/** The whole `<Signature>` element, KeyInfo holding only the signer's certificate. */
export function signatureXml(
  signedInfo: string,
  signatureValue: string,
  certificateBase64: string,
): string {
  return (
    `<Signature xmlns="${XMLDSIG_NAMESPACE}">${signedInfo}<SignatureValue>${signatureValue}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`
  );
}
