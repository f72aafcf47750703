import type { XmlElement } from '@emissor/xml';
import { firstElement, readXmlTree, XmlError } from '@emissor/xml';

import { NFE_NAMESPACE } from '../namespaces.js';

/*
 * Reading SEFAZ messages as the light, read-only element tree of @emissor/xml (`readXmlTree`),
 * not as a DOM: the API reads a lot's answer several times a second beside its requests, and the
 * tree reads it in one pass with a fraction of a DOM's time and garbage. Offsets in the tree count
 * in the string it was read from, so an element's exact bytes can be cut out (see standalone.ts).
 */

export type { XmlElement };
export { firstElement };

/** Thrown when bytes that should be XML are not well-formed (or carry a DOCTYPE). */
export class XmlParseError extends Error {
  override name = 'XmlParseError';
}

/**
 * Reads a whole document into its root element. Any well-formedness error the scanner finds is an
 * XmlParseError, and so is a DOCTYPE: SEFAZ messages have none, and refusing it keeps entity
 * tricks out of servers that read untrusted requests.
 */
export function readXml(xml: string): XmlElement {
  try {
    return readXmlTree(xml);
  } catch (error) {
    if (error instanceof XmlError) throw new XmlParseError(error.message);
    throw error;
  }
}

/**
 * Whether an element is the NF-e element `name`. Matching is by local name in the NF-e namespace;
 * an element with no namespace also counts, because some authorisers' stored events lose it
 * (sefaz.md, the SEFAZ-PR CC-e sample).
 */
export function isNfeElement(element: XmlElement, name: string): boolean {
  return (
    element.localName === name && (element.namespace === NFE_NAMESPACE || element.namespace === '')
  );
}

export function child(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find((e) => isNfeElement(e, name));
}

export function children(parent: XmlElement, name: string): XmlElement[] {
  return parent.children.filter((e) => isNfeElement(e, name));
}

/**
 * The trimmed text of a child, or undefined when absent or empty (`<idLote />`). The fields read
 * this way have simple content, so the child's own character data is all its text.
 */
export function childText(parent: XmlElement, name: string): string | undefined {
  const text = child(parent, name)?.text.trim();
  return text ? text : undefined;
}

/**
 * All the character data inside an element, its descendants' included. The tree keeps each
 * element's own text in one piece, so in mixed content the element's own text comes before its
 * children's (a DOM would interleave them); the callers read simple content, or only a message.
 */
export function deepText(element: XmlElement): string {
  let text = element.text;
  for (const c of element.children) text += deepText(c);
  return text;
}

/** The first element in document order (the element itself included) in the NF-e namespace. */
export const firstNfeElement = (element: XmlElement): XmlElement | undefined =>
  firstElement(element, (e) => e.namespace === NFE_NAMESPACE);

/** The first element (itself included) with this local name, in any namespace, in document order. */
export const firstByLocalName = (element: XmlElement, name: string): XmlElement | undefined =>
  firstElement(element, (e) => e.localName === name);
