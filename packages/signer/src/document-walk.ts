import { XmlSignError } from './errors.js';
import { isNcName, isQualifiedName } from './xml-name.js';
import type { LocatedElement, NamespaceContext, RawAttribute, StartTag } from './xml-scan.js';
import {
  applyNamespaceDeclarations,
  decodeAttributeValue,
  elementNamespace,
  malformed,
  parseEndTag,
  parseReference,
  parseStartTag,
  skipMarkup,
} from './xml-scan.js';

/*
 * A signature vouches for one element, but a verifier that says "valid" vouches for the document:
 * one with text before its root, a mangled ancestor or a broken sibling after the Signature is no
 * XML, whatever its signed element holds. This walk finds the elements to verify in one pass from
 * the top and checks, on its way, that the document is well-formed around them:
 *
 * - before the root, only a byte order mark, an XML declaration at the very start, whitespace,
 *   comments and processing instructions; after it, only whitespace, comments and PIs;
 * - every tag it passes: names that are QNames, prefixes that are declared, no attribute twice,
 *   references that expand, end tags that match;
 * - references in text, comments without `--`, PI targets that are names other than `xml`.
 *
 * It does not check which characters the text holds (control characters and the like), nor that
 * namespace names are URIs (no well-formedness constraint asks it). A caller
 * that has read an element through itself (the verifier canonicalises the signed element, which
 * checks its markup, and the digest covers every byte of it that counts) lets the walk skip it.
 */

const SPACE = '[ \\t\\r\\n]';
/** `<?xml` as the declaration's start, not as the start of a longer PI target (`<?xml-stylesheet`). */
const DECLARATION_START = /<\?xml[ \t\r\n?]/y;
const XML_DECLARATION = new RegExp(
  `<\\?xml${SPACE}+version${SPACE}*=${SPACE}*("|')1\\.[0-9]+\\1` +
    `(?:${SPACE}+encoding${SPACE}*=${SPACE}*("|')[A-Za-z][A-Za-z0-9._-]*\\2)?` +
    `(?:${SPACE}+standalone${SPACE}*=${SPACE}*("|')(?:yes|no)\\3)?${SPACE}*\\?>`,
  'y',
);

export class DocumentWalk {
  private readonly names: string[] = [];
  private readonly contexts: NamespaceContext[] = [{}];
  /** The depths of open elements with `xml:*` attributes, which C14N would copy onto a descendant. */
  private readonly xmlAttributeDepths: number[] = [];
  private i: number;
  private rootRead = false;
  /** The depth of the element `next` returned and the walk entered, while it is open (-1 otherwise). */
  private matchDepth = -1;
  /** The element `next` returned: the walk enters it on the next call unless `skipPast` says otherwise. */
  private pending: { readonly tag: StartTag; readonly context: NamespaceContext } | undefined;
  /** The next `&` and `]]>` at or after the text last checked: -1 before the first search, the document's length when there is none. */
  private nextAmpersand = -1;
  private nextCdataEnd = -1;

  /** @throws {XmlSignError} when what stands before the root element is not allowed there. */
  constructor(private readonly xml: string) {
    this.i = afterProlog(xml);
  }

  /**
   * The next element named `qname` in document order, or undefined when the document has ended
   * well-formed.
   *
   * @throws {XmlSignError} at the first markup that is not well-formed (`malformed`), or an
   *   ancestor of the element with `xml:*` attributes (`unsupported`).
   */
  next(qname: string): LocatedElement | undefined {
    const xml = this.xml;
    if (this.pending) {
      if (!this.pending.tag.selfClosing) {
        this.open(this.pending.tag, this.pending.context);
        this.matchDepth = this.names.length;
      }
      this.pending = undefined;
    }
    for (;;) {
      if (this.rootRead && this.names.length === 0) {
        const end = afterMisc(xml, this.i);
        if (end < xml.length) throw malformed(`content after the root element at offset ${end}`);
        return undefined;
      }
      const lt = xml.indexOf('<', this.i);
      if (lt < 0) throw malformed(`<${this.names[this.names.length - 1] ?? ''}> is not closed`);
      this.checkText(this.i, lt);
      const next = xml.charCodeAt(lt + 1);
      if (next === 0x2f /* / */) {
        const endTag = parseEndTag(xml, lt);
        if (this.names.pop() !== endTag.name)
          throw malformed(`unexpected </${endTag.name}> at offset ${lt}`);
        this.contexts.pop();
        if (this.xmlAttributeDepths[this.xmlAttributeDepths.length - 1] === this.names.length + 1)
          this.xmlAttributeDepths.pop();
        if (this.names.length < this.matchDepth) this.matchDepth = -1;
        this.i = endTag.end;
      } else if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
        this.i = skipCheckedMarkup(xml, lt);
      } else {
        const tag = parseStartTag(xml, lt);
        const parentContext = this.contexts[this.contexts.length - 1] ?? {};
        const context = checkStartTag(tag, parentContext);
        this.rootRead = true;
        this.i = tag.end;
        // An element of the same name inside the one returned is part of it, not another.
        if (tag.name === qname && this.matchDepth < 0) {
          if (this.xmlAttributeDepths.length > 0)
            throw new XmlSignError('unsupported', `xml:* attribute on an ancestor of ${qname}`);
          this.pending = { tag, context };
          return { start: lt, tag, parentContext };
        }
        if (!tag.selfClosing) this.open(tag, context);
      }
    }
  }

  /**
   * Continues after `end`, where the element `next` last returned ends: its caller has read it
   * through (and answers for it), so the walk does not enter it.
   */
  skipPast(end: number): void {
    this.pending = undefined;
    this.i = end;
  }

  private open(tag: StartTag, context: NamespaceContext): void {
    this.names.push(tag.name);
    this.contexts.push(context);
    if (tag.attributes.some((a) => a.name.startsWith('xml:')))
      this.xmlAttributeDepths.push(this.names.length);
  }

  /**
   * Checks the character data `xml[from, to)` inside an element: every `&` starts a reference,
   * and `]]>` does not occur. The next occurrence of each is remembered, so that a document
   * without them is searched once, not once per text.
   */
  private checkText(from: number, to: number): void {
    const xml = this.xml;
    if (this.nextAmpersand < from) this.nextAmpersand = indexOrEnd(xml, '&', from);
    while (this.nextAmpersand < to)
      this.nextAmpersand = indexOrEnd(xml, '&', parseReference(xml, this.nextAmpersand).end);
    if (this.nextCdataEnd < from) this.nextCdataEnd = indexOrEnd(xml, ']]>', from);
    if (this.nextCdataEnd < to) throw malformed(`']]>' in text at offset ${this.nextCdataEnd}`);
  }
}

/**
 * The first element named `qname` in document order (what a signer signs), or undefined when the
 * well-formed document has none. What stands before it is checked as the walk checks it.
 *
 * @throws {XmlSignError} as `DocumentWalk.next`.
 */
export function locateElement(xml: string, qname: string): LocatedElement | undefined {
  return new DocumentWalk(xml).next(qname);
}

/** The index of `what` at or after `at`, or the length of `xml` if there is none. */
function indexOrEnd(xml: string, what: string, at: number): number {
  const found = xml.indexOf(what, at);
  return found < 0 ? xml.length : found;
}

/** Checks a start tag's names, namespaces and attributes; returns the namespaces in scope inside it. */
function checkStartTag(tag: StartTag, parentContext: NamespaceContext): NamespaceContext {
  if (!isQualifiedName(tag.name)) throw malformed(`<${tag.name}> is not an element name`);
  const context = applyNamespaceDeclarations(tag, parentContext);
  elementNamespace(tag.name, context);
  const { attributes } = tag;
  for (let k = 0; k < attributes.length; k++) {
    const { name, rawValue } = attributes[k] as RawAttribute;
    if (!isQualifiedName(name)) throw malformed(`${name} is not an attribute name`);
    for (let j = 0; j < k; j++)
      if (attributes[j]?.name === name) throw malformed(`attribute ${name} repeated`);
    const colon = name.indexOf(':');
    const prefix = colon < 0 ? '' : name.slice(0, colon);
    if (prefix !== '' && prefix !== 'xml' && prefix !== 'xmlns' && context[prefix] === undefined)
      throw malformed(`undeclared prefix in attribute ${name}`);
    if (rawValue.includes('&')) decodeAttributeValue(rawValue);
  }
  return context;
}

/** Index after the XML declaration and whatever may follow it before the root start tag. */
function afterProlog(xml: string): number {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  DECLARATION_START.lastIndex = i;
  if (DECLARATION_START.test(xml)) {
    XML_DECLARATION.lastIndex = i;
    if (!XML_DECLARATION.test(xml)) throw malformed('invalid XML declaration');
    i = XML_DECLARATION.lastIndex;
  }
  i = afterMisc(xml, i);
  // A DOCTYPE is refused as unsupported (skipMarkup's word for it), not as a missing root.
  if (xml.startsWith('<!', i) && !xml.startsWith('<![CDATA[', i)) skipMarkup(xml, i);
  const next = xml.charCodeAt(i + 1);
  if (xml.charCodeAt(i) !== 0x3c || next === 0x2f || next === 0x21)
    throw malformed(`no root element at offset ${i}`);
  return i;
}

/** Index of the first character at or after `i` that is not whitespace, a comment or a PI. */
function afterMisc(xml: string, i: number): number {
  for (;;) {
    let c = xml.charCodeAt(i);
    while (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) c = xml.charCodeAt(++i);
    if (!xml.startsWith('<?', i) && !xml.startsWith('<!--', i)) return i;
    i = skipCheckedMarkup(xml, i);
  }
}

/**
 * Index after the comment, PI or CDATA section at `start`: a PI's target must be a name and not
 * `xml` (the declaration stands only at the start of a document). Declarations (DOCTYPE) are
 * refused as unsupported, as skipMarkup refuses them.
 */
function skipCheckedMarkup(xml: string, start: number): number {
  if (xml.charCodeAt(start + 1) === 0x3f /* ? */) {
    let targetEnd = start + 2;
    for (let c = xml.charCodeAt(targetEnd); !isTargetEnd(c); c = xml.charCodeAt(++targetEnd));
    const target = xml.slice(start + 2, targetEnd);
    if (!isNcName(target) || target.toLowerCase() === 'xml')
      throw malformed(`invalid processing instruction target at offset ${start}`);
    if (xml.charCodeAt(targetEnd) === 0x3f && xml.charCodeAt(targetEnd + 1) !== 0x3e)
      throw malformed(`invalid processing instruction at offset ${start}`);
  }
  return skipMarkup(xml, start);
}

/** Whether `c` ends a PI target: whitespace, `?`, or the end of the document (NaN). */
function isTargetEnd(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3f || Number.isNaN(c);
}
