import { SignedXml } from 'xml-crypto';

import type { Element } from './dom.js';
import { child, children } from './dom.js';

const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

export type ElementSignature =
  | { readonly valid: true; readonly certificateBase64: string }
  | { readonly valid: false; readonly cStat: '297' | '298' };

/**
 * Verifies the XMLDSig of a signed part of a message (`infEvento` of an `evento`, `infInut` of
 * `inutNFe`): `container` is the element holding `signed` and the `Signature` after it, inside
 * `document`, a parse of `xml` alone (so no SOAP namespace leaks into the canonical forms).
 * 298 when the signature does not follow the NF-e standard (one reference to the Id, RSA-SHA1,
 * SHA-1, C14N), 297 when digest or value do not match. @emissor/signer verifies NF-e only;
 * events and inutilizações are rarer, so the generic xml-crypto path serves them.
 */
export function verifySignedElement(
  xml: string,
  container: Element,
  signedName: string,
): ElementSignature {
  const signed = child(container, signedName);
  const signature = child(container, 'Signature');
  if (!signed || !signature) return { valid: false, cStat: '298' };
  const signedInfo = child(signature, 'SignedInfo');
  const references = signedInfo ? children(signedInfo, 'Reference') : [];
  const reference = references[0];
  const algorithm = (element: Element | undefined): string | null =>
    element ? element.getAttribute('Algorithm') : null;
  const transforms = reference
    ? children(child(reference, 'Transforms') ?? reference, 'Transform')
    : [];
  const certificate = child(signature, 'KeyInfo', 'X509Data', 'X509Certificate');
  if (
    !signedInfo ||
    !reference ||
    references.length !== 1 ||
    reference.getAttribute('URI') !== `#${signed.getAttribute('Id') ?? ''}` ||
    algorithm(child(signedInfo, 'CanonicalizationMethod')) !== C14N ||
    algorithm(child(signedInfo, 'SignatureMethod')) !== RSA_SHA1 ||
    algorithm(child(reference, 'DigestMethod')) !== SHA1 ||
    transforms.some((t) => algorithm(t) !== ENVELOPED && algorithm(t) !== C14N) ||
    !certificate
  ) {
    return { valid: false, cStat: '298' };
  }
  try {
    const verifier = new SignedXml({
      getCertFromKeyInfo: (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo),
    });
    verifier.loadSignature(signature);
    if (!verifier.checkSignature(xml)) return { valid: false, cStat: '297' };
  } catch {
    return { valid: false, cStat: '297' };
  }
  return { valid: true, certificateBase64: (certificate.textContent ?? '').replace(/\s+/g, '') };
}
