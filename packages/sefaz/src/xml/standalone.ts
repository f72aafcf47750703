import type { XmlElement } from '@emissor/xml';

/*
 * An element of an answer as a standalone document (`ProtNFe.xml`, `RetEvento.xml`, …), stored and
 * later put into nfeProc & co. It is the element's own bytes, cut out of the answer: not a
 * re-serialisation, so what SEFAZ signed (an infProt or a retEvento's infEvento) stays byte for
 * byte, entity references and quoting included.
 *
 * Cut out of its message, an element loses the namespace declarations it inherited (the NF-e
 * default namespace is usually declared once on `retConsReciNFe`). So every namespace the element
 * and its descendants use, but that is declared only above the element, is declared on its start
 * tag: for the usual unprefixed `<protNFe versao="4.00">` that is `xmlns="…/nfe"`. A prefixed
 * element (`<ns2:protNFe>` from an authoriser that prefixes) keeps its prefix, as in the answer,
 * and gets `xmlns:ns2="…/nfe"`: rewriting the prefixes away would change the bytes a signature
 * covers, and XML Namespaces make the two spellings the same element (the nfeProc assembly accepts
 * both). Nothing inside the element is touched, and declarations it makes itself are not repeated.
 */

/** `xml.slice(element.start, element.end)` with the inherited namespace declarations it needs. */
export function standaloneElement(xml: string, element: XmlElement): string {
  const missing = inheritedNamespaces(xml, element);
  if (missing.size === 0) return xml.slice(element.start, element.end);
  let declarations = '';
  for (const [prefix, uri] of missing)
    declarations += ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeAttribute(uri)}"`;
  // Before the `>` (or `/>`) that closes the start tag, after the whitespace that may precede it.
  let at = element.contentStart - (xml.charCodeAt(element.contentStart - 2) === 0x2f ? 2 : 1);
  while (isSpace(xml.charCodeAt(at - 1))) at--;
  return xml.slice(element.start, at) + declarations + xml.slice(at, element.end);
}

/**
 * Prefix → namespace of what the element's subtree uses (element and attribute names) but leaves
 * to its ancestors to declare. An unprefixed name uses the default namespace ('' key); one that
 * is in no namespace needs nothing.
 */
function inheritedNamespaces(xml: string, element: XmlElement): Map<string, string> {
  const inherited = element.parentContext;
  const missing = new Map<string, string>();
  const visit = (e: XmlElement, declared: ReadonlySet<string>): void => {
    const here = declaredPrefixes(e);
    const own = here.length > 0 ? new Set([...declared, ...here]) : declared;
    const use = (prefix: string): void => {
      if (own.has(prefix) || missing.has(prefix)) return;
      const uri = inherited[prefix];
      if (uri) missing.set(prefix, uri);
    };
    use(prefixOf(startTagName(xml, e)));
    for (const name of e.attributes.keys()) {
      const prefix = prefixOf(name);
      if (prefix && prefix !== 'xmlns' && prefix !== 'xml') use(prefix);
    }
    for (const c of e.children) visit(c, own);
  };
  visit(element, new Set());
  return missing;
}

/** The prefixes the element's own `xmlns` / `xmlns:p` attributes declare ('' for the default). */
function declaredPrefixes(element: XmlElement): string[] {
  const prefixes: string[] = [];
  for (const name of element.attributes.keys())
    if (name === 'xmlns') prefixes.push('');
    else if (name.startsWith('xmlns:')) prefixes.push(name.slice(6));
  return prefixes;
}

/** The qualified name in the start tag at `element.start` (the tree keeps only the local name). */
function startTagName(xml: string, element: XmlElement): string {
  let i = element.start + 1;
  for (;;) {
    const c = xml.charCodeAt(i);
    if (isSpace(c) || c === 0x2f || c === 0x3e || Number.isNaN(c)) break;
    i++;
  }
  return xml.slice(element.start + 1, i);
}

/** The prefix of a qualified name ('' when it has none; attributes without one are unqualified). */
function prefixOf(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? '' : qname.slice(0, colon);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&quot;'));
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
