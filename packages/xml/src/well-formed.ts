import { malformed } from './errors.js';
import { isNcName, isQualifiedName } from './name.js';
import type { NamespaceContext, RawAttribute, StartTag } from './scan.js';
import {
  applyNamespaceDeclarations,
  decodeAttributeValue,
  elementNamespace,
  skipMarkup,
} from './scan.js';

/*
 * The well-formedness checks that the document walk and the tree reader share, beyond what the
 * scanner's primitives check on their own:
 *
 * - before the root, only a byte order mark, an XML declaration at the very start, whitespace,
 *   comments and processing instructions; after it, only whitespace, comments and PIs;
 * - every start tag: names that are QNames, prefixes that are declared, no attribute twice,
 *   references that expand;
 * - comments without `--`, PI targets that are names other than `xml`.
 *
 * They do not check which characters the text holds (control characters and the like), nor that
 * namespace names are URIs (no well-formedness constraint asks it).
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

/** Checks a start tag's names, namespaces and attributes; returns the namespaces in scope inside it. */
export function checkStartTag(tag: StartTag, parentContext: NamespaceContext): NamespaceContext {
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
export function afterProlog(xml: string): number {
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
export function afterMisc(xml: string, i: number): number {
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
export function skipCheckedMarkup(xml: string, start: number): number {
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
