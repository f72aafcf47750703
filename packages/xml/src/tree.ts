import { malformed } from './errors.js';
import type { NamespaceContext } from './scan.js';
import { isQualifiedName } from './name.js';
import {
  decodeAttributeValue,
  elementNamespace,
  localName,
  parseEndTag,
  parseReference,
  parseStartTag,
  scanName,
} from './scan.js';
import { checkStartTag, skipCheckedMarkup } from './well-formed.js';

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

/** The element while it is being read: text, children and the end offsets arrive after its start tag. */
interface OpenElement extends XmlElement {
  text: string;
  contentEnd: number;
  end: number;
  children: XmlElement[];
}

/*
 * Most elements of an NF-e have no attributes and no children: they share one empty map and one
 * empty array instead of allocating their own, since on a large document the garbage collector,
 * not the scan, is most of the reader's time. Both are read-only through XmlElement's types; the
 * array is frozen as well.
 */
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

/**
 * Parses the element starting at `start` and everything inside it. Markup that is not well-formed
 * (tags that do not match, an unclosed element, a name that is no QName, a bad reference, a
 * repeated attribute, an undeclared prefix, `]]>` in text, a bad PI target) throws an XmlError.
 */
export function parseElementTree(
  xml: string,
  start: number,
  parentContext: NamespaceContext,
): XmlElement {
  // The open elements, innermost last, as parallel arrays: no object per level.
  const elements: OpenElement[] = [];
  const qnames: string[] = [];
  const contexts: NamespaceContext[] = [];
  let depth = 0;
  let i = start;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) throw malformed('element not closed');
    const top = depth > 0 ? (elements[depth - 1] as OpenElement) : undefined;
    if (top && lt > i) top.text += decodeText(xml.slice(i, lt));
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f) {
      if (!top) throw malformed(`unexpected end tag at offset ${lt}`);
      const end = endOfEndTag(xml, lt, qnames[depth - 1] as string);
      top.contentEnd = lt;
      top.end = end;
      depth--;
      if (depth === 0) return top;
      i = end;
      continue;
    }
    if (next === 0x21 || next === 0x3f) {
      const after = skipCheckedMarkup(xml, lt);
      if (top && xml.startsWith('<![CDATA[', lt)) top.text += xml.slice(lt + 9, after - 3);
      i = after;
      continue;
    }
    const parent = top ? (contexts[depth - 1] as NamespaceContext) : parentContext;
    const nameEnd = scanName(xml, lt + 1);
    let qname: string;
    let context: NamespaceContext;
    let attributes: ReadonlyMap<string, string>;
    let contentStart: number;
    let selfClosing: boolean;
    if (xml.charCodeAt(nameEnd) === 0x3e /* > */ && nameEnd > lt + 1) {
      // `<name>`: nothing to parse but the name, and the parent's namespaces stay in scope.
      qname = xml.slice(lt + 1, nameEnd);
      if (!isQualifiedName(qname)) throw malformed(`<${qname}> is not an element name`);
      context = parent;
      attributes = NO_ATTRIBUTES;
      contentStart = nameEnd + 1;
      selfClosing = false;
    } else {
      const tag = parseStartTag(xml, lt);
      qname = tag.name;
      context = checkStartTag(tag, parent);
      if (tag.attributes.length === 0) attributes = NO_ATTRIBUTES;
      else {
        const map = new Map<string, string>();
        for (const a of tag.attributes) map.set(a.name, decodeAttributeValue(a.rawValue));
        attributes = map;
      }
      contentStart = tag.end;
      selfClosing = tag.selfClosing;
    }
    const element: OpenElement = {
      namespace: elementNamespace(qname, context),
      localName: localName(qname),
      attributes,
      children: NO_CHILDREN,
      text: '',
      start: lt,
      contentStart,
      contentEnd: contentStart,
      end: contentStart,
      parentContext: parent,
    };
    if (top) {
      if (top.children === NO_CHILDREN) top.children = [element];
      else top.children.push(element);
    } else if (selfClosing) return element;
    if (!selfClosing) {
      elements[depth] = element;
      qnames[depth] = qname;
      contexts[depth] = context;
      depth++;
    }
    i = contentStart;
  }
}

/**
 * The index after the end tag at `lt`, which must close `qname`: checked in place for the usual
 * exact `</qname>` (or `</qname >`), without slicing the name out.
 */
function endOfEndTag(xml: string, lt: number, qname: string): number {
  const nameEnd = lt + 2 + qname.length;
  if (xml.startsWith(qname, lt + 2)) {
    let j = nameEnd;
    for (let c = xml.charCodeAt(j); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;)
      c = xml.charCodeAt(++j);
    if (xml.charCodeAt(j) === 0x3e) return j + 1;
  }
  const endTag = parseEndTag(xml, lt);
  throw malformed(`unexpected </${endTag.name}> at offset ${lt}`);
}

/** Character data with its references expanded; `]]>` may not stand in it. */
function decodeText(raw: string): string {
  if (raw.includes(']]>')) throw malformed(`']]>' in text`);
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
