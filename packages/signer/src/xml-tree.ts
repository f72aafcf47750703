import type { NamespaceContext } from './xml-scan.js';
import {
  applyNamespaceDeclarations,
  decodeAttributeValue,
  elementNamespace,
  localName,
  malformed,
  parseEndTag,
  parseReference,
  parseStartTag,
  skipMarkup,
} from './xml-scan.js';

/**
 * A light, read-only element: enough to read a `<Signature>`, or a whole SEFAZ message, without
 * a DOM. Offsets count in the string the element was read from, so a reader can cut out its
 * exact bytes (`xml.slice(e.start, e.end)`) or its content (`xml.slice(e.contentStart, e.contentEnd)`).
 */
export interface XmlElement {
  /** The namespace URI of the element's name; '' when it is in no namespace. */
  readonly namespace: string;
  /** The name without its prefix. */
  readonly localName: string;
  /**
   * The attributes by qualified name as written (`xmlns` declarations included), values with
   * references expanded and whitespace normalised as an XML parser reports them.
   */
  readonly attributes: ReadonlyMap<string, string>;
  /** The child elements, in document order. */
  readonly children: readonly XmlElement[];
  /**
   * The character data directly inside the element, references expanded and CDATA sections'
   * content included as is; comments and processing instructions are left out. The text of the
   * children is not part of it, and the text around children (mixed content, or the whitespace
   * between them) is concatenated: for an element with simple content this is its text content.
   */
  readonly text: string;
  /** Offset of the element's `<`. */
  readonly start: number;
  /** Offset just after its start tag (equal to `end` for `<e/>`). */
  readonly contentStart: number;
  /** Offset of its end tag's `<` (equal to `end` for `<e/>`). */
  readonly contentEnd: number;
  /** Offset just after its end tag (or after `/>`). */
  readonly end: number;
  /** The namespaces in scope at its parent (for canonicalising it). */
  readonly parentContext: NamespaceContext;
}

/** The element while it is being read: text and the end offsets arrive after its start tag. */
interface OpenElement extends XmlElement {
  text: string;
  contentEnd: number;
  end: number;
  readonly children: XmlElement[];
}

/**
 * Parses the element starting at `start` and everything inside it. Malformed markup (tags that do
 * not match, an unclosed element, a bad reference, a repeated attribute, an undeclared prefix)
 * throws an XmlSignError.
 */
export function parseElementTree(
  xml: string,
  start: number,
  parentContext: NamespaceContext,
): XmlElement {
  const stack: { element: OpenElement; qname: string; context: NamespaceContext }[] = [];
  let i = start;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) throw malformed('element not closed');
    const top = stack[stack.length - 1];
    if (top && lt > i) top.element.text += decodeText(xml.slice(i, lt));
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f) {
      const endTag = parseEndTag(xml, lt);
      const closed = stack.pop();
      if (closed?.qname !== endTag.name) throw malformed(`unexpected </${endTag.name}>`);
      closed.element.contentEnd = lt;
      closed.element.end = endTag.end;
      if (stack.length === 0) return closed.element;
      i = endTag.end;
    } else if (next === 0x21 || next === 0x3f) {
      const after = skipMarkup(xml, lt);
      if (top && xml.startsWith('<![CDATA[', lt)) top.element.text += xml.slice(lt + 9, after - 3);
      i = after;
    } else {
      const tag = parseStartTag(xml, lt);
      const parent = top?.context ?? parentContext;
      const context = applyNamespaceDeclarations(tag, parent);
      const attributes = new Map<string, string>();
      for (const a of tag.attributes) {
        if (attributes.has(a.name)) throw malformed(`attribute ${a.name} repeated at offset ${lt}`);
        attributes.set(a.name, decodeAttributeValue(a.rawValue));
      }
      const element: OpenElement = {
        namespace: elementNamespace(tag.name, context),
        localName: localName(tag.name),
        attributes,
        children: [],
        text: '',
        start: lt,
        contentStart: tag.end,
        contentEnd: tag.end,
        end: tag.end,
        parentContext: parent,
      };
      top?.element.children.push(element);
      if (tag.selfClosing && !top) return element;
      if (!tag.selfClosing) stack.push({ element, qname: tag.name, context });
      i = tag.end;
    }
  }
}

function decodeText(raw: string): string {
  if (!raw.includes('&')) return raw;
  let out = '';
  for (let i = 0; i < raw.length;) {
    if (raw[i] === '&') {
      const ref = parseReference(raw, i);
      out += ref.char;
      i = ref.end;
    } else {
      out += raw[i];
      i++;
    }
  }
  return out;
}
