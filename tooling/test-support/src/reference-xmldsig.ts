import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/*
 * The generic path, used only to cross-check @emissor/signer: xml-crypto over an @xmldom DOM,
 * configured as the NF-e rules require (tooling.md "NF-e XMLDSig").
 */

const INF_NFE = "//*[local-name()='infNFe']";
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/** Signs `infNFe` with xml-crypto (RSA-SHA1, SHA-1, enveloped + C14N, Signature after infNFe). */
export function referenceSignNfe(xml: string, privateKeyPem: string, certPem: string): string {
  const xpath = INF_NFE;
  const sig = new SignedXml({
    privateKey: privateKeyPem,
    publicCert: certPem,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({
    xpath,
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N],
  });
  sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return sig.getSignedXml();
}

/** Verifies the first xmldsig `Signature` with xml-crypto against the certificate in its KeyInfo. */
export function referenceVerifyNfe(xml: string): boolean {
  try {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const node = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
    if (!node) return false;
    const verifier = new SignedXml({
      getCertFromKeyInfo: (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo),
    });
    verifier.loadSignature(node);
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}
