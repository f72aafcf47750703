import { malformed, skipMarkup } from './xml-scan.js';
import type { XmlElement } from './xml-tree.js';
import { parseElementTree } from './xml-tree.js';

/**
 * Reads a whole XML document into a light, read-only element tree (see `XmlElement`) and returns
 * its root: one pass over the string, no DOM, namespaces resolved, references expanded. Built
 * for servers that read many SEFAZ messages (a 50-NF-e lot reads in a fifth of the time of a DOM
 * parser, with far less garbage), not as a validating parser: pair it with schema validation
 * when the input is untrusted.
 *
 * Before and after the root only whitespace, comments, processing instructions and the XML
 * declaration may stand (a leading byte order mark is skipped). A DOCTYPE, any other declaration,
 * and namespace undeclarations (`xmlns:p=""`) are refused as unsupported: SEFAZ messages have
 * none, and refusing them keeps entity tricks out of servers.
 *
 * @throws {XmlSignError} `malformed` when the document is not well-formed in the ways the scanner
 *   checks (mismatched or unclosed tags, bad references, unquoted or repeated attributes,
 *   undeclared prefixes, text or a second element outside the root, no root); `unsupported` as
 *   above.
 */
export function readXmlTree(xml: string): XmlElement {
  const rootStart = skipMisc(xml, xml.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (rootStart >= xml.length) throw malformed('no root element');
  if (xml.charCodeAt(rootStart) !== 0x3c)
    throw malformed(`text before the root element at offset ${rootStart}`);
  const root = parseElementTree(xml, rootStart, {});
  const after = skipMisc(xml, root.end);
  if (after < xml.length) throw malformed(`content after the root element at offset ${after}`);
  return root;
}

/** Index of the first character at or after `i` that is not whitespace, a comment or a PI. */
function skipMisc(xml: string, i: number): number {
  for (;;) {
    while (isSpace(xml.charCodeAt(i))) i++;
    if (xml.startsWith('<?', i) || xml.startsWith('<!--', i)) {
      i = skipMarkup(xml, i);
      continue;
    }
    if (!xml.startsWith('<!', i)) return i;
    // A DOCTYPE or another declaration: skipMarkup refuses them as unsupported.
    if (!xml.startsWith('<![CDATA[', i)) skipMarkup(xml, i);
    throw malformed(`CDATA section outside the root element at offset ${i}`);
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
