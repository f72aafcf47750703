import { malformed } from './errors.js';
import type { NamespaceContext, StartTag } from './scan.js';
import { parseEndTag, parseReference, parseStartTag } from './scan.js';
import { afterMisc, afterProlog, checkStartTag, skipCheckedMarkup } from './well-formed.js';

/*
 * A signature vouches for one element, but a verifier that says "valid" vouches for the document:
 * one with text before its root, a mangled ancestor or a broken sibling after the Signature is no
 * XML, whatever its signed element holds. This walk finds the elements to verify in one pass from
 * the top, without building a tree, and checks on its way that the document is well-formed around
 * them: the checks of well-formed.ts on every tag it passes, end tags that match, and in text
 * references that expand and no `]]>`.
 *
 * A caller that has read an element through itself (the verifier canonicalises the signed
 * element, which checks its markup, and the digest covers every byte of it that counts) lets the
 * walk skip it.
 */

/** An element the walk found: its start tag, where it starts, and what is in scope around it. */
export interface LocatedElement {
  readonly start: number;
  readonly tag: StartTag;
  /** Namespaces in scope at the element's parent. */
  readonly parentContext: NamespaceContext;
  /**
   * Whether an ancestor carries `xml:*` attributes (`xml:lang`, `xml:space`), which Canonical XML
   * would copy onto the element: a canonicaliser that does not may refuse it.
   */
  readonly xmlAttributeAncestor: boolean;
}

export class DocumentWalk {
  private readonly names: string[] = [];
  private readonly contexts: NamespaceContext[] = [{}];
  /** The depths of open elements with `xml:*` attributes, which C14N copies onto a descendant. */
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

  /** @throws {XmlError} when what stands before the root element is not allowed there. */
  constructor(private readonly xml: string) {
    this.i = afterProlog(xml);
  }

  /**
   * The next element named `qname` in document order, or undefined when the document has ended
   * well-formed.
   *
   * @throws {XmlError} `malformed` at the first markup that is not well-formed; `unsupported` at a
   *   DOCTYPE or a namespace undeclaration.
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
          this.pending = { tag, context };
          const xmlAttributeAncestor = this.xmlAttributeDepths.length > 0;
          return { start: lt, tag, parentContext, xmlAttributeAncestor };
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
 * @throws {XmlError} as `DocumentWalk.next`.
 */
export function locateElement(xml: string, qname: string): LocatedElement | undefined {
  return new DocumentWalk(xml).next(qname);
}

/** The index of `what` at or after `at`, or the length of `xml` if there is none. */
function indexOrEnd(xml: string, what: string, at: number): number {
  const found = xml.indexOf(what, at);
  return found < 0 ? xml.length : found;
}
