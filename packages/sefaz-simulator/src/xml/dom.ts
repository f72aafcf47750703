import type { XmlElement } from '@emissor/signer';

/*
 * Reading the message a request carries. `readSoapRequest` hands it over as a light, read-only
 * element tree (`readXmlTree` of @emissor/signer), not a DOM: a 50-NF-e lot is most of what the
 * simulator parses, and a DOM of it was most of its garbage. Elements are matched by local name,
 * as the schema (validated before rules read the tree) fixes their namespace.
 */

export type { XmlElement };

/** Element children of `parent`, optionally only those with the given local name. */
export function children(parent: XmlElement, localName?: string): XmlElement[] {
  return parent.children.filter((c) => !localName || c.localName === localName);
}

/** The first child element with that local name, following the path one level at a time. */
export function child(parent: XmlElement, ...path: string[]): XmlElement | undefined {
  let current: XmlElement | undefined = parent;
  for (const name of path) current = current?.children.find((c) => c.localName === name);
  return current;
}

/**
 * The text of the element at `path` below `parent` (trimmed), or undefined when absent. The
 * elements read this way have simple content, so their own character data is all their text.
 */
export function text(parent: XmlElement, ...path: string[]): string | undefined {
  return child(parent, ...path)?.text.trim();
}
