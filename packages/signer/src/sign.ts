import { createHash, sign } from 'node:crypto';

import {
  decodeAttributeValue,
  localName,
  nextSiblingStart,
  parseStartTag,
} from '@emissor/xml/scan';

import { canonicalizeElement, locateCanonicalizable } from './c14n.js';
import { withSignErrors, XmlSignError } from './errors.js';
import type { Credentials } from './pkcs12.js';
import { signatureXml, signedInfoXml, XMLDSIG_NAMESPACE } from './signature-xml.js';

/** What `signNfe` needs from `readPkcs12`'s result. */
export type SigningCredentials = Pick<Credentials, 'privateKey' | 'certificateBase64'>;

/**
 * Signs an NF-e the way SEFAZ requires: an enveloped XMLDSig (RSA-SHA1, SHA-1, C14N 1.0 without
 * comments, transforms enveloped-signature + C14N) over `infNFe`, referenced by `#<Id>`, with a
 * prefix-less `<Signature>` inserted right after `</infNFe>` and only the signer's certificate in
 * KeyInfo. Every other byte of the input (XML declaration included) is kept as it is, and no
 * whitespace is added. RSA PKCS#1 v1.5 is deterministic, so the same input gives the same output.
 *
 * The canonicaliser scans the string once instead of building a DOM; see `canonicalizeInfNfe` for
 * the XML it accepts.
 *
 * @example
 * ```ts
 * const credentials = readPkcs12(pfxBytes, password);
 * const signed = signNfe(buildNfe(input), credentials);
 * // …<infNFe Id="NFe3525…">…</infNFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#">…</Signature></NFe>
 * ```
 * @throws {XmlSignError} `no_infnfe` (no infNFe or no Id), `already_signed`, `malformed`, `unsupported`.
 */
export function signNfe(xml: string, credentials: SigningCredentials): string {
  try {
    return signElement(xml, 'infNFe', credentials);
  } catch (error) {
    if (error instanceof XmlSignError && error.code === 'no_element') {
      throw new XmlSignError('no_infnfe', error.message);
    }
    throw error;
  }
}

/**
 * The same enveloped signature as `signNfe`, over the first element named `elementName` (which
 * must carry an `Id`): `infEvento` of an NF-e event, `infInut` of an inutilização, or any other
 * SEFAZ message signed the NF-e way. The `<Signature>` goes right after the element's end tag.
 *
 * @example
 * ```ts
 * const signedEvento = signElement(eventoXml, 'infEvento', credentials);
 * ```
 * @throws {XmlSignError} `no_element` (absent or without Id), `already_signed`, `malformed`, `unsupported`.
 */
export function signElement(
  xml: string,
  elementName: string,
  credentials: SigningCredentials,
): string {
  return withSignErrors(() => signLocated(xml, elementName, credentials));
}

function signLocated(xml: string, elementName: string, credentials: SigningCredentials): string {
  const located = locateCanonicalizable(xml, elementName);
  if (!located)
    throw new XmlSignError('no_element', `the document has no <${elementName}> element`);
  const idAttribute = located.tag.attributes.find((a) => a.name === 'Id');
  if (!idAttribute) throw new XmlSignError('no_element', `<${elementName}> has no Id attribute`);
  const id = decodeAttributeValue(idAttribute.rawValue);

  const { canonical, end } = canonicalizeElement(xml, located.start, located.parentContext);
  const sibling = nextSiblingStart(xml, end);
  if (sibling >= 0 && localName(parseStartTag(xml, sibling).name) === 'Signature') {
    throw new XmlSignError(
      'already_signed',
      `<${elementName}> is already followed by a <Signature>`,
    );
  }

  const digestValue = createHash('sha1').update(canonical, 'utf8').digest('base64');
  const signedInfo = signedInfoXml(id, digestValue);
  // SignedInfo's canonical form carries the namespaces in scope at the Signature element.
  const signatureContext = { ...located.parentContext, '': XMLDSIG_NAMESPACE };
  const canonicalSignedInfo = canonicalizeElement(signedInfo, 0, signatureContext).canonical;
  const signatureValue = sign(
    'sha1',
    Buffer.from(canonicalSignedInfo, 'utf8'),
    credentials.privateKey,
  ).toString('base64');

  return (
    xml.slice(0, end) +
    signatureXml(signedInfo, signatureValue, credentials.certificateBase64) +
    xml.slice(end)
  );
}
