import type { XmlElement } from '@emissor/xml';
import { childNamed, childrenNamed, elementAt, readXmlTree, XmlError } from '@emissor/xml';

import { DanfeError } from '../errors.js';

/*
 * The DANFE reads the NF-e with the strict reader of @emissor/xml. Elements are found by local
 * name (NF-e uses a single default namespace; the DANFE needs no more), and a document that is
 * not well-formed, or carries a DOCTYPE, is refused as a DanfeError.
 */

export type { XmlElement };

/**
 * Reads an NF-e (or nfeProc) into its root element. Not well-formed XML is `malformed_xml`; a
 * DOCTYPE or another declaration is `unsupported_document`: NF-e never has one, and refusing it
 * rules out entity expansion.
 */
export function parseXml(xml: string): XmlElement {
  try {
    return readXmlTree(xml);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    if (error.code === 'unsupported') {
      throw new DanfeError(
        'unsupported_document',
        `The XML has a DOCTYPE or another declaration; an NF-e has none (${error.message})`,
      );
    }
    throw new DanfeError('malformed_xml', `The XML is not well-formed: ${error.message}`);
  }
}

/** The first child element called `name`, if any. */
export const child = childNamed;

/** Every child element called `name`, in document order. */
export const children = childrenNamed;

/** The element at a `/`-separated path of child names below `element`. */
export const at = elementAt;

/**
 * The trimmed text of the element at `path`, or `undefined` when it is absent or empty. NF-e
 * values carry no meaningful outer whitespace; pretty-printed files (the SEFAZ samples) do.
 */
export function textAt(element: XmlElement | undefined, path: string): string | undefined {
  const value = at(element, path)?.text.trim();
  return value === undefined || value === '' ? undefined : value;
}
