import { createHash, verify } from 'node:crypto';

import type { LocatedElement, XmlElement } from '@emissor/xml';
import { DocumentWalk, parseElementTree } from '@emissor/xml';
import { decodeAttributeValue, nextSiblingStart } from '@emissor/xml/scan';

import { decodeBase64Binary, withoutXmlSpace } from './base64-binary.js';
import { canonicalizeElement, refuseInheritedXmlAttributes } from './c14n.js';
import { publicKeyOf } from './public-key-cache.js';
import {
  C14N_ALGORITHM,
  ENVELOPED_ALGORITHM,
  RSA_SHA1_ALGORITHM,
  SHA1_ALGORITHM,
  XMLDSIG_NAMESPACE,
} from './signature-xml.js';

/** Why `verifyNfe` rejected a document. */
export type VerifyFailureReason =
  | 'no_signature'
  | 'digest_mismatch'
  | 'signature_mismatch'
  | 'malformed'
  | 'unsupported_algorithm'
  | 'reference_mismatch';

/** The outcome of `verifyNfe`. */
export type VerifyResult =
  | { readonly valid: true; readonly digestValue: string; readonly certificateBase64: string }
  | { readonly valid: false; readonly reason: VerifyFailureReason };

const fail = (reason: VerifyFailureReason): VerifyResult => ({ valid: false, reason });

function child(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find((c) => c.localName === name && c.namespace === XMLDSIG_NAMESPACE);
}

/**
 * Verifies the XMLDSig of an NF-e (a bare `NFe`, or one inside `nfeProc`/`enviNFe`: the first
 * `infNFe` is checked) against the certificate in its KeyInfo: the `Signature` must be the
 * element following `infNFe`, reference `#<Id>`, use the NF-e algorithms, and both the digest of
 * the canonical `infNFe` and the RSA signature of the canonical `SignedInfo` must match. It does
 * not judge the certificate itself (validity dates, chain, CNPJ): callers do.
 *
 * What it vouches for is the whole document, so a document that is not well-formed XML (text
 * before or after the root, a broken ancestor or sibling; see DocumentWalk of @emissor/xml) is `malformed`
 * however sound its signature, and so are SignatureValue and X509Certificate texts that are not
 * strict base64, or a certificate with bytes after it.
 *
 * Never throws: unreadable input gives `{ valid: false, reason: 'malformed' }`.
 */
export function verifyNfe(xml: string): VerifyResult {
  return verifyElement(xml, 'infNFe');
}

/**
 * `verifyNfe` for any element signed the NF-e way (`infEvento`, `infInut`, …): the element named
 * `elementName` (the first, or the one after `occurrence` earlier ones, e.g. the third `infNFe` of
 * an `enviNFe` lot with `occurrence` 2) must be followed by its `Signature`, and both the digest
 * and the RSA signature must match the certificate in KeyInfo.
 *
 * Never throws: unreadable input (the whole document is read) gives
 * `{ valid: false, reason: 'malformed' }`.
 */
export function verifyElement(xml: string, elementName: string, occurrence = 0): VerifyResult {
  try {
    const walk = new DocumentWalk(xml);
    let result = fail('malformed'); // if there is no such element
    let located = walk.next(elementName);
    for (let k = 0; located; k++, located = walk.next(elementName)) {
      refuseInheritedXmlAttributes(located);
      if (k !== occurrence) continue;
      const verified = verifyLocatedElement(xml, located);
      result = verified.result;
      if (verified.elementEnd !== undefined) walk.skipPast(verified.elementEnd);
    }
    // The walk has read the whole document: what is wrong anywhere in it has thrown.
    return result;
  } catch {
    return fail('malformed');
  }
}

/**
 * `verifyElement` for every `elementName` of a message at once (each NF-e of an `enviNFe` lot, in
 * document order), walking the message once instead of once per element. The result has one
 * entry per element, each what `verifyElement` gives for it; a document that is not well-formed
 * gives none, so a caller that counted the elements otherwise finds every one missing, and
 * treats them as malformed as `verifyElement` does.
 *
 * Never throws.
 */
export function verifyElements(xml: string, elementName: string): VerifyResult[] {
  const results: VerifyResult[] = [];
  try {
    const walk = new DocumentWalk(xml);
    for (let located = walk.next(elementName); located; located = walk.next(elementName)) {
      refuseInheritedXmlAttributes(located);
      const verified = verifyLocatedElement(xml, located);
      results.push(verified.result);
      if (verified.elementEnd !== undefined) walk.skipPast(verified.elementEnd);
    }
  } catch {
    return [];
  }
  return results;
}

/** A verification, and where the signed element ends when it was read through (its markup checked). */
interface Verified {
  readonly result: VerifyResult;
  readonly elementEnd?: number;
}

/** Never throws: a malformed signature or element is `{ valid: false, reason: 'malformed' }`. */
function verifyLocatedElement(xml: string, located: LocatedElement): Verified {
  let canonical: string;
  let end: number;
  try {
    ({ canonical, end } = canonicalizeElement(xml, located.start, located.parentContext));
  } catch {
    return { result: fail('malformed') };
  }
  try {
    return { result: verifySignatureOf(xml, located, canonical, end), elementEnd: end };
  } catch {
    return { result: fail('malformed'), elementEnd: end };
  }
}

/** Checks the Signature after the located element, whose canonical form is `canonical` and which ends at `end`. */
function verifySignatureOf(
  xml: string,
  located: LocatedElement,
  canonical: string,
  end: number,
): VerifyResult {
  const signatureStart = nextSiblingStart(xml, end);
  if (signatureStart < 0) return fail('no_signature');
  const signature = parseElementTree(xml, signatureStart, located.parentContext);
  if (signature.localName !== 'Signature' || signature.namespace !== XMLDSIG_NAMESPACE)
    return fail('no_signature');

  const signedInfo = child(signature, 'SignedInfo');
  const signatureValue = child(signature, 'SignatureValue');
  const keyInfo = child(signature, 'KeyInfo');
  const x509Data = keyInfo && child(keyInfo, 'X509Data');
  const certificate = x509Data && child(x509Data, 'X509Certificate');
  if (!signedInfo || !signatureValue || !certificate) return fail('malformed');

  if (child(signedInfo, 'CanonicalizationMethod')?.attributes.get('Algorithm') !== C14N_ALGORITHM)
    return fail('unsupported_algorithm');
  if (child(signedInfo, 'SignatureMethod')?.attributes.get('Algorithm') !== RSA_SHA1_ALGORITHM)
    return fail('unsupported_algorithm');
  const references = signedInfo.children.filter((c) => c.localName === 'Reference');
  const reference = references[0];
  if (!reference || references.length !== 1) return fail('reference_mismatch');
  const idAttribute = located.tag.attributes.find((a) => a.name === 'Id');
  if (
    !idAttribute ||
    reference.attributes.get('URI') !== `#${decodeAttributeValue(idAttribute.rawValue)}`
  ) {
    return fail('reference_mismatch');
  }
  // Enveloped-signature is a no-op here (the Signature is outside infNFe) and C14N is what we compute.
  const transforms = child(reference, 'Transforms')?.children ?? [];
  if (
    transforms.some(
      (t) =>
        t.attributes.get('Algorithm') !== ENVELOPED_ALGORITHM &&
        t.attributes.get('Algorithm') !== C14N_ALGORITHM,
    )
  ) {
    return fail('unsupported_algorithm');
  }
  if (child(reference, 'DigestMethod')?.attributes.get('Algorithm') !== SHA1_ALGORITHM)
    return fail('unsupported_algorithm');
  const digestElement = child(reference, 'DigestValue');
  if (!digestElement) return fail('malformed');

  const digestValue = createHash('sha1').update(canonical, 'utf8').digest('base64');
  if (withoutXmlSpace(digestElement.text) !== digestValue) return fail('digest_mismatch');

  // Both throw (malformed) on text that is not strict base64, or a certificate with bytes after it.
  const signatureBytes = decodeBase64Binary(withoutXmlSpace(signatureValue.text));
  const certificateBase64 = withoutXmlSpace(certificate.text);
  const publicKey = publicKeyOf(certificateBase64);
  const canonicalSignedInfo = canonicalizeElement(
    xml,
    signedInfo.start,
    signedInfo.parentContext,
  ).canonical;
  const ok = verify('sha1', Buffer.from(canonicalSignedInfo, 'utf8'), publicKey, signatureBytes);
  return ok ? { valid: true, digestValue, certificateBase64 } : fail('signature_mismatch');
}
