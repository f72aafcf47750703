import type { NamespaceContext, StartTag } from '@emissor/xml';
import { checkStartTag } from '@emissor/xml';
import { decodeAttributeValue, XML_NAMESPACE } from '@emissor/xml/scan';

import { escapeAttributeC14n } from './c14n-escape.js';
import { malformed } from './errors.js';

/*
 * The general form of a canonical start tag (C14N 1.0 sections 2.2 and 4.x): namespace
 * declarations first, sorted by prefix and written only where they change what the nearest output
 * ancestor wrote; then attributes sorted by (namespace URI, local name), values normalised and
 * re-escaped. The canonicaliser calls it for the apex and for any tag it cannot copy verbatim.
 */

export interface RenderedStartTag {
  readonly text: string;
  /** The namespaces in scope inside the element. */
  readonly context: NamespaceContext;
}

interface SortableAttribute {
  readonly uri: string;
  readonly local: string;
  readonly text: string;
}

function compareAttributes(a: SortableAttribute, b: SortableAttribute): number {
  if (a.uri !== b.uri) return a.uri < b.uri ? -1 : 1;
  return a.local < b.local ? -1 : a.local > b.local ? 1 : 0;
}

function declaredPrefixes(tag: StartTag): string[] {
  const prefixes: string[] = [];
  for (const attr of tag.attributes) {
    if (attr.name === 'xmlns') prefixes.push('');
    else if (attr.name.startsWith('xmlns:')) prefixes.push(attr.name.slice(6));
  }
  return prefixes;
}

/**
 * The canonical start tag. `parent` is the namespace context the nearest output ancestor wrote out
 * (for the apex, every namespace in scope is written, as inclusive C14N of a document subset
 * requires); a declaration is written only where it differs from it.
 */
export function renderStartTag(
  tag: StartTag,
  parent: NamespaceContext,
  isApex: boolean,
): RenderedStartTag {
  // The same checks as the document walk's: a tag the walk refuses (an attribute name that is no
  // QName, one repeated) must not canonicalise either, or a signed element would vouch for it.
  const context = checkStartTag(tag, parent);
  const rendered: NamespaceContext = isApex ? {} : parent;
  const prefixes = isApex ? Object.keys(context) : declaredPrefixes(tag);
  const namespaces: string[] = [];
  for (const prefix of prefixes.sort()) {
    if (prefix === 'xml') continue;
    const uri = context[prefix] ?? '';
    // xmlns="" is only written to undo a non-empty default the output ancestor wrote.
    const before = prefix === '' ? (rendered[''] ?? '') : rendered[prefix];
    if (uri === before) continue;
    namespaces.push(
      prefix === ''
        ? ` xmlns="${escapeAttributeC14n(uri)}"`
        : ` xmlns:${prefix}="${escapeAttributeC14n(uri)}"`,
    );
  }
  const attributes: SortableAttribute[] = [];
  for (const attr of tag.attributes) {
    const name = attr.name;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const colon = name.indexOf(':');
    let uri = '';
    if (colon >= 0) {
      const prefix = name.slice(0, colon);
      const resolved = prefix === 'xml' ? XML_NAMESPACE : context[prefix];
      if (resolved === undefined) throw malformed(`undeclared prefix in attribute ${name}`);
      uri = resolved;
    }
    const text = ` ${name}="${escapeAttributeC14n(decodeAttributeValue(attr.rawValue))}"`;
    attributes.push({ uri, local: colon >= 0 ? name.slice(colon + 1) : name, text });
  }
  if (attributes.length > 1) attributes.sort(compareAttributes);
  let text = `<${tag.name}`;
  for (const ns of namespaces) text += ns;
  for (const attr of attributes) text += attr.text;
  return { text: `${text}>`, context };
}
