import { DOMParser } from '@xmldom/xmldom';
import type { Element } from '@xmldom/xmldom';

export type { Element };

/** Parses a document; undefined when it is not well-formed (xmldom would only warn). */
export function parseXml(xml: string): Element | undefined {
  let failed = false;
  const doc = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') failed = true;
    },
  }).parseFromString(xml, 'text/xml');
  return failed ? undefined : (doc.documentElement ?? undefined);
}

/** Element children of `parent`, optionally only those with the given local name. */
export function children(parent: Element, localName?: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (!localName || (node as Element).localName === localName))
      out.push(node as Element);
  }
  return out;
}

/** The first child element with that local name, following the path one level at a time. */
export function child(parent: Element, ...path: string[]): Element | undefined {
  let current: Element | undefined = parent;
  for (const name of path) {
    if (!current) return undefined;
    current = children(current, name)[0];
  }
  return current;
}

/** The text of the element at `path` below `parent` (trimmed), or undefined when absent. */
export function text(parent: Element, ...path: string[]): string | undefined {
  const element = child(parent, ...path);
  return element ? (element.textContent ?? '').trim() : undefined;
}

/** Every descendant element with that local name, in document order. */
export function descendants(parent: Element, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS('*', localName));
}
