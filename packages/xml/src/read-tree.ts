import { malformed } from './errors.js';
import type { XmlElement } from './tree.js';
import { parseElementTree } from './tree.js';
import { afterMisc, afterProlog } from './well-formed.js';

/**
 * Reads a whole XML document into a light, read-only element tree (see `XmlElement`) and returns
 * its root: one pass over the string, no DOM, namespaces resolved, references expanded. Built
 * for servers that read many SEFAZ messages (a 50-NF-e lot reads in a fifth of the time of a DOM
 * parser, with far less garbage), not as a validating parser: pair it with schema validation
 * when the input is untrusted.
 *
 * It refuses what is not well-formed as the document walk does (well-formed.ts): before the root
 * only a byte order mark, an XML declaration at the very start, whitespace, comments and
 * processing instructions; after it only whitespace, comments and PIs. A DOCTYPE, any other
 * declaration, and namespace undeclarations (`xmlns:p=""`) are refused as unsupported: SEFAZ
 * messages and NF-e documents have none, and refusing them keeps entity tricks out of servers.
 *
 * @throws {XmlError} `malformed` when the document is not well-formed (mismatched or unclosed
 *   tags, names that are no QNames, bad references, unquoted or repeated attributes, undeclared
 *   prefixes, text or a second element outside the root, no root); `unsupported` as above.
 */
export function readXmlTree(xml: string): XmlElement {
  const root = parseElementTree(xml, afterProlog(xml), {});
  const after = afterMisc(xml, root.end);
  if (after < xml.length) throw malformed(`content after the root element at offset ${after}`);
  return root;
}
