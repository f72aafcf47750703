import type { XmlElement } from './tree.js';

/*
 * Finding elements by local name, for readers of documents whose namespace a schema (or the
 * caller) has already fixed: NF-e readers match `det`, not `{http://www.portalfiscal.inf.br/nfe}det`.
 */

/** The first child element with this local name, if any. */
export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.localName === name);
}

/** Every child element with this local name, in document order. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.localName === name) : [];
}

/** The element at a `/`-separated path of local names below `element` (`'ide/gCompraGov'`). */
export function elementAt(element: XmlElement | undefined, path: string): XmlElement | undefined {
  let current = element;
  for (const name of path.split('/')) current = childNamed(current, name);
  return current;
}

/** The first element in document order (the element itself included) that `test` accepts. */
export function firstElement(
  element: XmlElement,
  test: (e: XmlElement) => boolean,
): XmlElement | undefined {
  if (test(element)) return element;
  for (const c of element.children) {
    const found = firstElement(c, test);
    if (found) return found;
  }
  return undefined;
}
