import { XmlSignError } from './errors.js';
import type { NamespaceContext, StartTag } from './xml-scan.js';
import {
  applyNamespaceDeclarations,
  decodeAttributeValue,
  escapeAttributeC14n,
  escapeTextC14n,
  locateElement,
  malformed,
  parseEndTag,
  parseReference,
  parseStartTag,
  skipMarkup,
  XML_NAMESPACE,
} from './xml-scan.js';

/*
 * Canonical XML 1.0 (2001-03-15, without comments) of one element subtree, in a single pass over
 * the string. Input that is already canonical is copied in slices: the output is built from a few
 * long runs of the input plus the pieces that had to change (typically only the apex start tag,
 * which gains the namespace declarations in scope from its ancestors).
 *
 * Supported: elements, attributes, namespace declarations (default and prefixed), text, the five
 * predefined entities and character references, CDATA sections (emitted as escaped text), comments
 * (dropped, as the algorithm without comments requires). Rejected with XmlSignError: DOCTYPE (and
 * so any other entity), processing instructions inside the element.
 */

interface Rendered {
  readonly text: string;
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

/**
 * The canonical start tag. `rendered` is the namespace context the nearest output ancestor wrote
 * out (empty for the apex, so every namespace in scope is written there); a declaration is written
 * only where it differs from it.
 */
function renderStartTag(tag: StartTag, parent: NamespaceContext, isApex: boolean): Rendered {
  const context = applyNamespaceDeclarations(tag, parent);
  const rendered: NamespaceContext = isApex ? {} : parent;
  const prefixes = isApex ? Object.keys(context) : declaredPrefixes(tag);
  const namespaces: string[] = [];
  for (const prefix of prefixes.sort()) {
    if (prefix === 'xml') continue;
    const uri = context[prefix] ?? '';
    // xmlns="" is only written to undo a non-empty default the output ancestor wrote.
    const before = prefix === '' ? (rendered[''] ?? '') : rendered[prefix];
    if (uri === before) continue;
    namespaces.push(prefix === '' ? ` xmlns="${escapeAttributeC14n(uri)}"` : ` xmlns:${prefix}="${escapeAttributeC14n(uri)}"`);
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

function declaredPrefixes(tag: StartTag): string[] {
  const prefixes: string[] = [];
  for (const attr of tag.attributes) {
    if (attr.name === 'xmlns') prefixes.push('');
    else if (attr.name.startsWith('xmlns:')) prefixes.push(attr.name.slice(6));
  }
  return prefixes;
}

/** Canonical form of an element and the index just after its end tag. */
export interface CanonicalElement {
  readonly canonical: string;
  readonly end: number;
}

/**
 * Canonicalises the element whose start tag begins at `start`, with `parentContext` being the
 * namespaces in scope at its parent (they are written on the apex, as inclusive C14N of a
 * document subset requires).
 */
export function canonicalizeElement(xml: string, start: number, parentContext: NamespaceContext): CanonicalElement {
  const apex = parseStartTag(xml, start);
  const apexRendered = renderStartTag(apex, parentContext, true);
  if (apex.selfClosing) return { canonical: `${apexRendered.text}</${apex.name}>`, end: apex.end };

  let out = apexRendered.text;
  const names: string[] = [apex.name];
  const contexts: NamespaceContext[] = [apexRendered.context];
  let i = apex.end;
  let run = i; // start of the pending stretch of input that is already canonical
  const flush = (upTo: number, replacement: string, resume: number): void => {
    out += xml.slice(run, upTo) + replacement;
    run = resume;
  };

  for (;;) {
    const c = xml.charCodeAt(i);
    if (c === 0x3c /* < */) {
      const next = xml.charCodeAt(i + 1);
      if (next === 0x2f /* / */) {
        const endTag = parseEndTag(xml, i);
        if (names.pop() !== endTag.name) throw malformed(`unexpected </${endTag.name}> at offset ${i}`);
        contexts.pop();
        if (endTag.end !== i + endTag.name.length + 3) flush(i, `</${endTag.name}>`, endTag.end);
        i = endTag.end;
        if (names.length === 0) {
          out += xml.slice(run, i);
          return { canonical: out, end: i };
        }
      } else if (next === 0x21 /* ! */) {
        const after = skipMarkup(xml, i);
        if (xml.startsWith('<![CDATA[', i)) {
          const content = xml.slice(i + 9, after - 3).replace(/\r\n?/g, '\n');
          flush(i, escapeTextC14n(content), after);
        } else {
          flush(i, '', after); // comment
        }
        i = after;
      } else if (next === 0x3f /* ? */) {
        throw new XmlSignError('unsupported', `processing instruction inside <${apex.name}> at offset ${i}`);
      } else {
        const tag = parseStartTag(xml, i);
        const parent = contexts[contexts.length - 1] ?? parentContext;
        let context = parent;
        if (tag.attributes.length === 0) {
          if (tag.selfClosing || tag.end !== i + tag.name.length + 2) {
            flush(i, tag.selfClosing ? `<${tag.name}></${tag.name}>` : `<${tag.name}>`, tag.end);
          }
        } else {
          const rendered = renderStartTag(tag, parent, false);
          context = rendered.context;
          if (tag.selfClosing) flush(i, `${rendered.text}</${tag.name}>`, tag.end);
          else if (xml.slice(i, tag.end) !== rendered.text) flush(i, rendered.text, tag.end);
        }
        if (!tag.selfClosing) {
          names.push(tag.name);
          contexts.push(context);
        }
        i = tag.end;
      }
    } else if (c === 0x26 /* & */) {
      const ref = parseReference(xml, i);
      // &amp; &lt; &gt; are already what C14N writes; anything else (&quot;, &#38;…) is replaced.
      const canonicalAlready = xml.startsWith('&amp;', i) || xml.startsWith('&lt;', i) || xml.startsWith('&gt;', i);
      if (!canonicalAlready) flush(i, escapeTextC14n(ref.char), ref.end);
      i = ref.end;
    } else if (c === 0x3e /* > */) {
      flush(i, '&gt;', i + 1);
      i++;
    } else if (c === 0x0d /* \r: line-end normalisation */) {
      const skip = xml.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      flush(i, '\n', i + skip);
      i += skip;
    } else if (Number.isNaN(c)) {
      throw malformed(`<${names[names.length - 1] ?? apex.name}> is not closed`);
    } else {
      i++;
    }
  }
}

/**
 * The canonical form (C14N 1.0, no comments) of the document's `infNFe` element: the octets whose
 * SHA-1 is the NF-e's DigestValue. It includes the `xmlns` inherited from `NFe`.
 *
 * @throws {XmlSignError} `no_infnfe`, `malformed` or `unsupported`.
 */
export function canonicalizeInfNfe(xml: string): string {
  const located = locateElement(xml, 'infNFe');
  if (!located) throw new XmlSignError('no_infnfe', 'the document has no <infNFe> element');
  return canonicalizeElement(xml, located.start, located.parentContext).canonical;
}
