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

/** A small element tree, enough to read a `<Signature>` (a few hundred bytes) without a DOM. */
export interface XmlElement {
  readonly namespace: string;
  readonly localName: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  /** Character data directly inside the element, references expanded. */
  text: string;
  /** Offset of the start tag and the namespaces in scope at its parent (for canonicalising it). */
  readonly start: number;
  readonly parentContext: NamespaceContext;
}

/** Parses the element starting at `start` and everything inside it. */
export function parseElementTree(
  xml: string,
  start: number,
  parentContext: NamespaceContext,
): XmlElement {
  const stack: { element: XmlElement; qname: string; context: NamespaceContext }[] = [];
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
      for (const a of tag.attributes) attributes.set(a.name, decodeAttributeValue(a.rawValue));
      const element: XmlElement = {
        namespace: elementNamespace(tag.name, context),
        localName: localName(tag.name),
        attributes,
        children: [],
        text: '',
        start: lt,
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
