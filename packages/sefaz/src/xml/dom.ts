import type { Document, Element, Node } from '@xmldom/xmldom';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';

import { NFE_NAMESPACE } from '../namespaces.js';

/** Thrown when bytes that should be XML are not well-formed. */
export class XmlParseError extends Error {
  override name = 'XmlParseError';
}

const ELEMENT_NODE = 1;

/**
 * Parses a whole document; any well-formedness error (not just fatal ones) is an XmlParseError,
 * and so is a DOCTYPE: SEFAZ messages have none, and refusing it keeps entity tricks out of
 * servers that read untrusted requests.
 */
export function parseXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new XmlParseError('a DOCTYPE is not allowed');
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new XmlParseError(message);
    },
  });
  try {
    const doc = parser.parseFromString(xml, 'text/xml');
    if (!doc.documentElement) throw new XmlParseError('no root element');
    return doc;
  } catch (error) {
    if (error instanceof XmlParseError) throw error;
    throw new XmlParseError(error instanceof Error ? error.message : String(error));
  }
}

export function isElement(node: Node | null | undefined): node is Element {
  return node?.nodeType === ELEMENT_NODE;
}

export function childElements(parent: Element): Element[] {
  const result: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling)
    if (isElement(node)) result.push(node);
  return result;
}

/**
 * Whether an element is the NF-e element `name`. Matching is by local name in the NF-e namespace;
 * an element with no namespace also counts, because some authorisers' stored events lose it
 * (sefaz.md, the SEFAZ-PR CC-e sample).
 */
export function isNfeElement(element: Element, name: string): boolean {
  return (
    element.localName === name &&
    (element.namespaceURI === NFE_NAMESPACE || element.namespaceURI === null)
  );
}

export function child(parent: Element, name: string): Element | undefined {
  return childElements(parent).find((e) => isNfeElement(e, name));
}

export function children(parent: Element, name: string): Element[] {
  return childElements(parent).filter((e) => isNfeElement(e, name));
}

/** The trimmed text of a child, or undefined when absent or empty (`<idLote />`). */
export function childText(parent: Element, name: string): string | undefined {
  const text = child(parent, name)?.textContent?.trim();
  return text ? text : undefined;
}

/** The first element in document order (the node itself included) in the NF-e namespace. */
export function firstNfeElement(node: Node): Element | undefined {
  if (isElement(node) && node.namespaceURI === NFE_NAMESPACE) return node;
  for (let c = node.firstChild; c; c = c.nextSibling) {
    const found = firstNfeElement(c);
    if (found) return found;
  }
  return undefined;
}

/** The first descendant (or the node itself) with this local name, in any namespace. */
export function firstByLocalName(node: Node, name: string): Element | undefined {
  if (isElement(node) && node.localName === name) return node;
  for (let c = node.firstChild; c; c = c.nextSibling) {
    const found = firstByLocalName(c, name);
    if (found) return found;
  }
  return undefined;
}

/** The element as a standalone XML string (namespace declarations it needs are added). */
export function serialize(element: Element): string {
  return new XMLSerializer().serializeToString(element);
}
