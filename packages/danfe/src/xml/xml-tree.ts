import { DanfeError } from '../errors.js';

/** An element of the parsed document: local name (prefix dropped), attributes, children, text. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own character data (CDATA included), concatenated; children's text excluded. */
  text: string;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

function malformed(message: string): DanfeError {
  return new DanfeError('malformed_xml', `The XML is not well-formed: ${message}`);
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

/** Replaces the five predefined entities and character references; anything else is an error. */
function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw malformed(`unterminated reference "${match}"`);
    const named = PREDEFINED[body];
    if (named !== undefined) return named;
    const numeric = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(body);
    if (!numeric) throw malformed(`unknown entity "&${body};"`);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
    if (code === 0 || code > 0x10ffff) throw malformed(`invalid character reference "&${body};"`);
    return String.fromCodePoint(code);
  });
}

function parseAttributes(source: string, tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  let at = 0;
  while (at < source.length) {
    while (at < source.length && /\s/.test(source.charAt(at))) at++;
    if (at >= source.length) break;
    ATTRIBUTE.lastIndex = at;
    const m = ATTRIBUTE.exec(source);
    if (!m?.[1]) throw malformed(`bad attribute syntax in <${tag}>`);
    const name = localName(m[1]);
    if (name in attributes && !m[1].startsWith('xmlns')) {
      throw malformed(`duplicate attribute "${m[1]}" in <${tag}>`);
    }
    attributes[name] = decode(m[2] ?? m[3] ?? '');
    at = ATTRIBUTE.lastIndex;
  }
  return attributes;
}

/**
 * A small, strict XML parser for NF-e documents: elements, attributes, character data, CDATA,
 * comments and processing instructions. A DOCTYPE is refused (`unsupported_document`): NF-e never
 * has one, and refusing it rules out entity expansion. Namespace prefixes are dropped (NF-e uses a
 * single default namespace); the DANFE only needs local names.
 */
export function parseXml(xml: string): XmlElement {
  const source = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  const length = source.length;
  while (at < length) {
    const lt = source.indexOf('<', at);
    const textEnd = lt < 0 ? length : lt;
    if (textEnd > at) {
      const raw = source.slice(at, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(raw);
      else if (raw.trim() !== '') throw malformed('text outside the root element');
    }
    if (lt < 0) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end < 0) throw malformed('unterminated comment');
      at = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      const top = stack[stack.length - 1];
      if (end < 0 || !top) throw malformed('CDATA section outside an element or unterminated');
      top.text += source.slice(lt + 9, end);
      at = end + 3;
    } else if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end < 0) throw malformed('unterminated processing instruction');
      at = end + 2;
    } else if (source.startsWith('<!', lt)) {
      throw new DanfeError(
        'unsupported_document',
        'The XML has a DOCTYPE or another declaration; an NF-e has none',
      );
    } else {
      const gt = source.indexOf('>', lt + 1);
      if (gt < 0) throw malformed('unterminated tag');
      const inner = source.slice(lt + 1, gt);
      at = gt + 1;
      if (inner.startsWith('/')) {
        const name = inner.slice(1).trim();
        const open = stack.pop();
        if (!open || localName(name) !== open.name) {
          throw malformed(`</${name}> does not close ${open ? `<${open.name}>` : 'any element'}`);
        }
        continue;
      }
      const selfClosing = inner.endsWith('/');
      const body = selfClosing ? inner.slice(0, -1) : inner;
      const space = body.search(/\s/);
      const qualified = space < 0 ? body : body.slice(0, space);
      if (!NAME.test(qualified)) throw malformed(`bad tag name "<${qualified}"`);
      const element: XmlElement = {
        name: localName(qualified),
        attributes: space < 0 ? {} : parseAttributes(body.slice(space), qualified),
        children: [],
        text: '',
      };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) throw malformed('more than one root element');
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw malformed(`<${open.name}> is never closed`);
  if (!root) throw malformed('no root element');
  return root;
}

/** The first child element called `name`, if any. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child element called `name`, in document order. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** The element at a `/`-separated path of child names below `element`. */
export function at(element: XmlElement | undefined, path: string): XmlElement | undefined {
  let current = element;
  for (const name of path.split('/')) current = child(current, name);
  return current;
}

/**
 * The trimmed text of the element at `path`, or `undefined` when it is absent or empty. NF-e
 * values carry no meaningful outer whitespace; pretty-printed files (the SEFAZ samples) do.
 */
export function textAt(element: XmlElement | undefined, path: string): string | undefined {
  const value = at(element, path)?.text.trim();
  return value === undefined || value === '' ? undefined : value;
}
