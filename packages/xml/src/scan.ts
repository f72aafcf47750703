import { malformed, unsupported } from './errors.js';

/*
 * String-scanning primitives that the tree reader, the document walk and the signer's
 * canonicaliser share. They cover the XML subset NF-e documents and SEFAZ messages use; anything
 * else is reported as an XmlError instead of being guessed at.
 */

/** In-scope namespace declarations: prefix ('' for the default namespace) → URI. */
export type NamespaceContext = Readonly<Record<string, string>>;

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

export interface RawAttribute {
  readonly name: string;
  /** The text between the quotes, references not yet expanded. */
  readonly rawValue: string;
}

export interface StartTag {
  readonly name: string;
  readonly attributes: readonly RawAttribute[];
  /** Index just after the closing `>`. */
  readonly end: number;
  readonly selfClosing: boolean;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function skipSpaces(xml: string, i: number): number {
  while (isSpace(xml.charCodeAt(i))) i++;
  return i;
}

/** Index just after the name starting at `i` (names end at whitespace, `/`, `>`, `=`, `<`). */
export function scanName(xml: string, i: number): number {
  const length = xml.length;
  for (; i < length; i++) {
    const c = xml.charCodeAt(i);
    // Letters are above '>' and digits below '<', as no terminator is: the usual name characters cost one or two comparisons.
    if (c > 0x3e || (c >= 0x30 && c < 0x3c)) continue;
    if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d || c === 0x3c) return i;
  }
  return i;
}

/** Parses the start tag whose `<` is at `start`. */
export function parseStartTag(xml: string, start: number): StartTag {
  const nameEnd = scanName(xml, start + 1);
  if (nameEnd === start + 1) throw malformed(`element name expected at offset ${start}`);
  const name = xml.slice(start + 1, nameEnd);
  const attributes: RawAttribute[] = [];
  let i = nameEnd;
  for (;;) {
    const afterSpace = skipSpaces(xml, i);
    const c = xml.charCodeAt(afterSpace);
    if (c === 0x3e) return { name, attributes, end: afterSpace + 1, selfClosing: false };
    if (c === 0x2f && xml.charCodeAt(afterSpace + 1) === 0x3e) {
      return { name, attributes, end: afterSpace + 2, selfClosing: true };
    }
    if (afterSpace === i) throw malformed(`whitespace expected before an attribute at offset ${i}`);
    const attrNameEnd = scanName(xml, afterSpace);
    if (attrNameEnd === afterSpace)
      throw malformed(`attribute name expected at offset ${afterSpace}`);
    let j = skipSpaces(xml, attrNameEnd);
    if (xml.charCodeAt(j) !== 0x3d) throw malformed(`'=' expected at offset ${j}`);
    j = skipSpaces(xml, j + 1);
    const quote = xml[j];
    if (quote !== '"' && quote !== "'")
      throw malformed(`quoted attribute value expected at offset ${j}`);
    const close = xml.indexOf(quote, j + 1);
    if (close < 0) throw malformed(`unterminated attribute value at offset ${j}`);
    const rawValue = xml.slice(j + 1, close);
    if (rawValue.includes('<')) throw malformed(`'<' inside an attribute value at offset ${j}`);
    attributes.push({ name: xml.slice(afterSpace, attrNameEnd), rawValue });
    i = close + 1;
  }
}

/** Parses the end tag whose `</` is at `start`; returns its name and the index after `>`. */
export function parseEndTag(xml: string, start: number): { name: string; end: number } {
  const nameEnd = scanName(xml, start + 2);
  const close = skipSpaces(xml, nameEnd);
  if (xml.charCodeAt(close) !== 0x3e) throw malformed(`'>' expected at offset ${close}`);
  return { name: xml.slice(start + 2, nameEnd), end: close + 1 };
}

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The character with this code point if XML allows it (Char, XML 1.0 section 2.2), else undefined. */
function xmlChar(codePoint: number): string | undefined {
  const allowed =
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff);
  return allowed ? String.fromCodePoint(codePoint) : undefined;
}

/** Expands the entity or character reference whose `&` is at `start`. */
export function parseReference(xml: string, start: number): { char: string; end: number } {
  const semi = xml.indexOf(';', start + 1);
  if (semi < 0 || semi - start > 12) throw malformed(`unterminated reference at offset ${start}`);
  const body = xml.slice(start + 1, semi);
  let char: string | undefined;
  if (body.startsWith('#x')) {
    if (/^#x[0-9a-fA-F]+$/.test(body)) char = xmlChar(parseInt(body.slice(2), 16));
  } else if (body.startsWith('#')) {
    if (/^#[0-9]+$/.test(body)) char = xmlChar(parseInt(body.slice(1), 10));
  } else {
    char = NAMED_REFERENCES[body];
  }
  // NF-e documents carry no DTD, so any other entity is undeclared and the document is not
  // well-formed; so is a character reference to a character XML does not allow (&#0;).
  if (char === undefined) throw malformed(`invalid reference &${body}; at offset ${start}`);
  return { char, end: semi + 1 };
}

/** An attribute's value as an XML parser reports it: references expanded, whitespace normalised. */
export function decodeAttributeValue(raw: string): string {
  if (!/[&\t\n\r]/.test(raw)) return raw;
  let out = '';
  for (let i = 0; i < raw.length;) {
    const ch = raw[i];
    if (ch === '&') {
      const ref = parseReference(raw, i);
      out += ref.char;
      i = ref.end;
    } else if (ch === '\r') {
      // Line-end normalisation turns CR LF into one LF, then attribute normalisation makes it a space.
      out += ' ';
      i += raw[i + 1] === '\n' ? 2 : 1;
    } else {
      out += ch === '\t' || ch === '\n' ? ' ' : ch;
      i++;
    }
  }
  return out;
}

/** Applies the `xmlns`/`xmlns:p` declarations of a start tag to its parent's context. */
export function applyNamespaceDeclarations(
  tag: StartTag,
  parent: NamespaceContext,
): NamespaceContext {
  let ctx: Record<string, string> | undefined;
  for (const attr of tag.attributes) {
    if (attr.name !== 'xmlns' && !attr.name.startsWith('xmlns:')) continue;
    ctx ??= { ...parent };
    const prefix = attr.name === 'xmlns' ? '' : attr.name.slice(6);
    const uri = decodeAttributeValue(attr.rawValue);
    if (prefix !== '' && uri === '')
      throw unsupported(`namespace undeclaration xmlns:${prefix}=""`);
    ctx[prefix] = uri;
  }
  return ctx ?? parent;
}

/** The local part of a qualified name. */
export function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
}

/** The namespace URI of an element name in a context ('' when it has none). */
export function elementNamespace(qname: string, ctx: NamespaceContext): string {
  const colon = qname.indexOf(':');
  if (colon < 0) return ctx[''] ?? '';
  const uri = ctx[qname.slice(0, colon)];
  if (uri === undefined) throw malformed(`undeclared prefix in ${qname}`);
  return uri;
}

/** Index just after the comment, PI, CDATA section or declaration at `start` (a `<!` or `<?`). */
export function skipMarkup(xml: string, start: number): number {
  const [terminator, what] = xml.startsWith('<!--', start)
    ? ['-->', 'comment']
    : xml.startsWith('<![CDATA[', start)
      ? [']]>', 'CDATA section']
      : xml.startsWith('<?', start)
        ? ['?>', 'processing instruction']
        : [undefined, 'declaration'];
  if (terminator === undefined) {
    throw unsupported(
      `${xml.slice(start, start + 9)}… (DOCTYPE and entity declarations are not supported)`,
    );
  }
  // A comment's `-->` cannot share the dashes of its `<!--` (`<!-->` is no comment).
  const close = xml.indexOf(terminator, what === 'comment' ? start + 4 : start + 2);
  if (close < 0) throw malformed(`unterminated ${what} at offset ${start}`);
  if (what === 'comment' && xml.indexOf('--', start + 4) !== close)
    throw malformed(`'--' inside the comment at offset ${start}`);
  return close + terminator.length;
}

/** Index of the next element start tag at or after `i`, skipping whitespace and comments; -1 if text or an end tag comes first. */
export function nextSiblingStart(xml: string, i: number): number {
  for (;;) {
    i = skipSpaces(xml, i);
    if (xml.startsWith('<!--', i)) {
      i = skipMarkup(xml, i);
      continue;
    }
    const c = xml.charCodeAt(i + 1);
    return xml.charCodeAt(i) === 0x3c && c !== 0x2f && c !== 0x21 && c !== 0x3f ? i : -1;
  }
}
