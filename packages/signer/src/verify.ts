import { createHash, verify } from 'node:crypto';

import { publicKeyOf } from './public-key-cache.js';
import { canonicalizeElement } from './c14n.js';
import {
  C14N_ALGORITHM,
  ENVELOPED_ALGORITHM,
  RSA_SHA1_ALGORITHM,
  SHA1_ALGORITHM,
  XMLDSIG_NAMESPACE,
} from './signature-xml.js';
import type { XmlElement } from './xml-tree.js';
import { parseElementTree } from './xml-tree.js';
import type { LocatedElement } from './xml-scan.js';
import {
  decodeAttributeValue,
  locateElement,
  locateElements,
  nextSiblingStart,
} from './xml-scan.js';

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

const stripSpace = (s: string): string => s.replace(/\s+/g, '');

/**
 * Verifies the XMLDSig of an NF-e (a bare `NFe`, or one inside `nfeProc`/`enviNFe`: the first
 * `infNFe` is checked) against the certificate in its KeyInfo: the `Signature` must be the
 * element following `infNFe`, reference `#<Id>`, use the NF-e algorithms, and both the digest of
 * the canonical `infNFe` and the RSA signature of the canonical `SignedInfo` must match. It does
 * not judge the certificate itself (validity dates, chain, CNPJ): callers do.
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
 * Never throws: unreadable input gives `{ valid: false, reason: 'malformed' }`.
 */
export function verifyElement(xml: string, elementName: string, occurrence = 0): VerifyResult {
  try {
    return verifyOrThrow(xml, elementName, occurrence);
  } catch {
    return fail('malformed');
  }
}

/**
 * `verifyElement` for every `elementName` of a message at once (each NF-e of an `enviNFe` lot, in
 * document order), walking the message once instead of once per element. When the walk meets
 * malformed markup, the elements after it are not found: the result is shorter than the element
 * count, and a caller that counted the elements otherwise treats the missing ones as malformed.
 *
 * Never throws.
 */
export function verifyElements(xml: string, elementName: string): VerifyResult[] {
  const results: VerifyResult[] = [];
  try {
    for (const located of locateElements(xml, elementName))
      results.push(verifyLocatedElement(xml, located));
  } catch {
    // The walk itself hit malformed markup: what was verified before it stands.
  }
  return results;
}

function verifyOrThrow(xml: string, elementName: string, occurrence: number): VerifyResult {
  const located = locateElement(xml, elementName, occurrence);
  if (!located) return fail('malformed');
  return verifyLocatedElement(xml, located);
}

/** Never throws: a malformed signature or element is `{ valid: false, reason: 'malformed' }`. */
function verifyLocatedElement(xml: string, located: LocatedElement): VerifyResult {
  try {
    return verifyLocatedOrThrow(xml, located);
  } catch {
    return fail('malformed');
  }
}

function verifyLocatedOrThrow(xml: string, located: LocatedElement): VerifyResult {
  const { canonical, end } = canonicalizeElement(xml, located.start, located.parentContext);
  const signatureStart = nextSiblingStart(xml, end);
  if (signatureStart < 0) return fail('no_signature');
  const signature = parseElementTree(xml, signatureStart, located.parentContext);
  if (signature.localName !== 'Signature' || signature.namespace !== XMLDSIG_NAMESPACE)
    return fail('no_signature');

  const signedInfo = child(signature, 'SignedInfo');
  const signatureValue = child(signature, 'SignatureValue');
  const certificate = child(signature, 'KeyInfo')
    ?.children.find((c) => c.localName === 'X509Data')
    ?.children.find((c) => c.localName === 'X509Certificate');
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
  if (stripSpace(digestElement.text) !== digestValue) return fail('digest_mismatch');

  const certificateBase64 = stripSpace(certificate.text);
  let publicKey;
  try {
    publicKey = publicKeyOf(certificateBase64);
  } catch {
    return fail('malformed');
  }
  const canonicalSignedInfo = canonicalizeElement(
    xml,
    signedInfo.start,
    signedInfo.parentContext,
  ).canonical;
  const ok = verify(
    'sha1',
    Buffer.from(canonicalSignedInfo, 'utf8'),
    publicKey,
    Buffer.from(stripSpace(signatureValue.text), 'base64'),
  );
  return ok ? { valid: true, digestValue, certificateBase64 } : fail('signature_mismatch');
}
