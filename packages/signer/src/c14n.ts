import type { LocatedElement, NamespaceContext } from '@emissor/xml';
import { locateElement } from '@emissor/xml';
import {
  parseEndTag,
  parseReference,
  parseStartTag,
  scanName,
  skipMarkup,
} from '@emissor/xml/scan';

import { escapeTextC14n } from './c14n-escape.js';
import { renderStartTag } from './c14n-start-tag.js';
import { malformed, withSignErrors, XmlSignError } from './errors.js';
import { OpenElements } from './open-elements.js';
import { endOfVerbatimAttributes } from './verbatim-start-tag.js';

/*
 * Canonical XML 1.0 (2001-03-15, without comments) of one element subtree, in a single pass over
 * the string. Input that is already canonical is copied in slices: the output is built from a few
 * long runs of the input plus the pieces that had to change (typically only the apex start tag,
 * which gains the namespace declarations in scope from its ancestors).
 *
 * The common tags of such input are recognised in place, without allocating: `<name>` (nothing to
 * sort, escape or declare; it shares its parent's namespace context), start tags whose attributes
 * are already canonical (verbatim-start-tag.ts) and the exact `</name>` of the innermost element
 * (open-elements.ts). Every other tag takes the general path: parsed into a StartTag and rendered
 * (c14n-start-tag.ts), or parsed as an end tag and rewritten.
 *
 * Supported: elements, attributes, namespace declarations (default and prefixed), text, the five
 * predefined entities and character references, CDATA sections (emitted as escaped text), comments
 * (dropped, as the algorithm without comments requires). Rejected with XmlSignError: DOCTYPE (and
 * so any other entity), processing instructions inside the element.
 */

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
export function canonicalizeElement(
  xml: string,
  start: number,
  parentContext: NamespaceContext,
): CanonicalElement {
  const apex = parseStartTag(xml, start);
  const apexRendered = renderStartTag(apex, parentContext, true);
  if (apex.selfClosing) return { canonical: `${apexRendered.text}</${apex.name}>`, end: apex.end };

  let out = apexRendered.text;
  const open = new OpenElements(xml, parentContext);
  open.push(start + 1, start + 1 + apex.name.length, apexRendered.context);
  let i = apex.end;
  let run = i; // start of the pending stretch of input that is already canonical
  const flush = (upTo: number, replacement: string, resume: number): void => {
    out += xml.slice(run, upTo) + replacement;
    run = resume;
  };

  // Bounded by the length rather than by charCodeAt's NaN past the end, so V8 can keep `c` an integer
  // (a bare charCodeAt loop runs about 1.8 times as fast that way).
  const length = xml.length;
  while (i < length) {
    const c = xml.charCodeAt(i);
    if (isPlainTextChar(c)) {
      i++;
    } else if (c === 0x3c /* < */) {
      const next = xml.charCodeAt(i + 1);
      if (next === 0x2f /* / */) {
        let end = open.endOfExactEndTag(i);
        if (end < 0) {
          const endTag = parseEndTag(xml, i);
          if (open.name() !== endTag.name)
            throw malformed(`unexpected </${endTag.name}> at offset ${i}`);
          flush(i, `</${endTag.name}>`, endTag.end);
          end = endTag.end;
        }
        open.pop();
        i = end;
        if (open.depth === 0) {
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
        throw new XmlSignError(
          'unsupported',
          `processing instruction inside <${apex.name}> at offset ${i}`,
        );
      } else {
        const nameEnd = scanName(xml, i + 1);
        if (nameEnd > i + 1 && xml.charCodeAt(nameEnd) === 0x3e) {
          // <name>: nothing to sort, escape or declare; it shares its parent's namespaces.
          open.push(i + 1, nameEnd, open.context());
          i = nameEnd + 1;
        } else {
          i = otherStartTag(xml, i, nameEnd, open, flush);
        }
      }
    } else if (c === 0x26 /* & */) {
      // &amp; &lt; &gt; are already what C14N writes; anything else (&quot;, &#38;…) is replaced.
      if (xml.startsWith('&amp;', i)) {
        i += 5;
      } else if (xml.startsWith('&lt;', i) || xml.startsWith('&gt;', i)) {
        i += 4;
      } else {
        const ref = parseReference(xml, i);
        flush(i, escapeTextC14n(ref.char), ref.end);
        i = ref.end;
      }
    } else if (c === 0x3e /* > */) {
      flush(i, '&gt;', i + 1);
      i++;
    } else if (c === 0x0d /* \r: line-end normalisation */) {
      const skip = xml.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      flush(i, '\n', i + skip);
      i += skip;
    } else {
      i++;
    }
  }
  throw malformed(`<${open.name()}> is not closed`);
}

/** Whether C14N copies the text character `c` unchanged: the fast test for letters, digits, punctuation and space. */
function isPlainTextChar(c: number): boolean {
  // The characters to handle are \r & < >; everything above '>' and between '&' and '<' is plain.
  return c > 0x3e || (c > 0x26 && c < 0x3c) || c === 0x20;
}

type Flush = (upTo: number, replacement: string, resume: number) => void;

/**
 * Handles a start tag below the apex other than `<name>` (whose name, if any, ends at `nameEnd`)
 * and returns the index after it.
 */
function otherStartTag(
  xml: string,
  i: number,
  nameEnd: number,
  open: OpenElements,
  flush: Flush,
): number {
  if (nameEnd > i + 1) {
    const after = xml.charCodeAt(nameEnd);
    if (after === 0x2f && xml.charCodeAt(nameEnd + 1) === 0x3e /* <name/> */) {
      const name = xml.slice(i + 1, nameEnd);
      flush(i, `<${name}></${name}>`, nameEnd + 2);
      return nameEnd + 2;
    }
    if (after === 0x20) {
      const end = endOfVerbatimAttributes(xml, nameEnd);
      if (end >= 0) {
        open.push(i + 1, nameEnd, open.context());
        return end;
      }
    }
  }
  // The general path: whitespace inside the tag, namespace declarations, attributes to sort or escape.
  const tag = parseStartTag(xml, i);
  let text = `<${tag.name}>`;
  let context = open.context();
  if (tag.attributes.length > 0) {
    const rendered = renderStartTag(tag, context, false);
    text = rendered.text;
    context = rendered.context;
  }
  if (tag.selfClosing) flush(i, `${text}</${tag.name}>`, tag.end);
  else if (tag.end !== i + text.length || !xml.startsWith(text, i)) flush(i, text, tag.end);
  if (!tag.selfClosing) open.push(i + 1, i + 1 + tag.name.length, context);
  return tag.end;
}

/**
 * The canonical form (C14N 1.0, no comments) of the document's `infNFe` element: the octets whose
 * SHA-1 is the NF-e's DigestValue. It includes the `xmlns` inherited from `NFe`.
 *
 * @throws {XmlSignError} `no_infnfe`, `malformed` or `unsupported`.
 */
export function canonicalizeInfNfe(xml: string): string {
  return withSignErrors(() => {
    const located = locateCanonicalizable(xml, 'infNFe');
    if (!located) throw new XmlSignError('no_infnfe', 'the document has no <infNFe> element');
    return canonicalizeElement(xml, located.start, located.parentContext).canonical;
  });
}

/**
 * The first element named `qname` (see `locateElement`), refused as `unsupported` when an ancestor
 * has `xml:*` attributes: C14N would copy them onto it, and this canonicaliser does not.
 */
export function locateCanonicalizable(xml: string, qname: string): LocatedElement | undefined {
  const located = locateElement(xml, qname);
  if (located) refuseInheritedXmlAttributes(located);
  return located;
}

/** Throws `unsupported` when C14N would copy an ancestor's `xml:*` attributes onto the element. */
export function refuseInheritedXmlAttributes(located: LocatedElement): void {
  if (located.xmlAttributeAncestor)
    throw new XmlSignError('unsupported', `xml:* attribute on an ancestor of ${located.tag.name}`);
}
