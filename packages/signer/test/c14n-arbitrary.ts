import fc from 'fast-check';

/*
 * Documents for checking the canonicaliser against an independent one (libxml2): an infNFe tree
 * mixing what the fast paths copy verbatim (`<name>`, canonical attributes, exact end tags) with
 * everything that must take the general path — namespace declarations and redeclarations (default
 * and prefixed, undoing the default with xmlns=""), prefixed elements and attributes, xml:lang,
 * unsorted attributes, single quotes, whitespace inside tags, empty-element tags, references and
 * character references in text and attributes, raw `>`, CR and CR LF, CDATA sections and comments.
 * Each element is spelled canonically (most of them) or noisily.
 *
 * Every document is namespace-well-formed: a prefix used and not in scope is declared where it is
 * used, and each prefix only ever binds URIs of its own, so no two attributes share an expanded name.
 */

type Prefix = '' | 'p' | 'q' | 'w';
type AttributePrefix = Prefix | 'xml';

const NAMESPACES: Readonly<Record<Prefix, readonly string[]>> = {
  '': ['', 'http://www.portalfiscal.inf.br/nfe', 'urn:d2'],
  p: ['urn:p1', 'urn:p2'],
  q: ['urn:q1'],
  w: ['urn:w1'],
};
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

interface TextPiece {
  readonly kind: 'text' | 'cdata';
  readonly chars: readonly string[];
  readonly noisy: boolean;
}

interface Comment {
  readonly kind: 'comment';
}

interface Attribute {
  readonly prefix: AttributePrefix;
  readonly local: string;
  readonly chars: readonly string[];
  readonly quote: '"' | "'";
  readonly equals: string;
  readonly before: string;
}

interface Element {
  readonly kind: 'element';
  readonly prefix: Prefix;
  readonly local: string;
  readonly declarations: readonly (readonly [Prefix, number])[];
  readonly attributes: readonly Attribute[];
  readonly children: readonly Node[];
  /** Canonical spelling: sorted attributes, double quotes, single spaces, `<a></a>`, canonical escapes. */
  readonly canonical: boolean;
  readonly beforeClose: string;
  readonly selfClose: boolean;
  readonly endTagSpace: string;
}

type Node = Element | TextPiece | Comment;

const weighted = <T>(usual: T, ...others: T[]): fc.Arbitrary<T> =>
  fc.oneof({ arbitrary: fc.constant(usual), weight: 4 }, fc.constantFrom(...others));

const textChar = fc.constantFrom(
  'a',
  'Z',
  '0',
  ' ',
  'é',
  '😀',
  '&',
  '<',
  '>',
  '"',
  "'",
  '\t',
  '\n',
  '\r',
  '\r\n',
  ';',
  '#',
  '=',
  '/',
);
const chars = fc.array(textChar, { maxLength: 8 });
const prefix = weighted<Prefix>('', 'p', 'q', 'w');
const space = fc.constantFrom(' ', '  ', '\n', '\t', '\r\n');

const attribute: fc.Arbitrary<Attribute> = fc.record({
  prefix: weighted<AttributePrefix>('', 'p', 'q', 'w', 'xml'),
  local: fc.constantFrom('a', 'b', 'Id', 'z', 'aa', 'b1', 'lang'),
  chars,
  quote: weighted<'"' | "'">('"', "'"),
  equals: weighted('=', ' = ', '\n='),
  before: weighted(' ', '  ', '\n', '\t', '\r\n'),
});

const attributes = fc.uniqueArray(attribute, {
  maxLength: 3,
  selector: (a) => `${a.prefix}:${a.local}`,
});

const declarations = fc.uniqueArray(
  prefix.chain((p) => fc.tuple(fc.constant(p), fc.nat({ max: NAMESPACES[p].length - 1 }))),
  { maxLength: 2, selector: ([p]) => p },
);

const textPiece: fc.Arbitrary<Node> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant<'text'>('text'), chars, noisy: fc.boolean() }),
    weight: 4,
  },
  fc.record({ kind: fc.constant<'cdata'>('cdata'), chars, noisy: fc.constant(false) }),
  fc.constant<Comment>({ kind: 'comment' }),
);

const { element } = fc.letrec<{ element: Element }>((tie) => ({
  element: fc.record({
    kind: fc.constant<'element'>('element'),
    prefix,
    local: fc.constantFrom('a', 'b', 'c', 'det', 'prod', 'x1'),
    declarations: fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, declarations),
    attributes: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, attributes),
    children: fc.array(
      fc.oneof({ depthSize: 'small', withCrossShrink: true }, textPiece, tie('element')),
      { maxLength: 4 },
    ),
    canonical: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
    beforeClose: fc.constantFrom('', ' ', '\n'),
    selfClose: fc.boolean(),
    endTagSpace: fc.constantFrom('', ' ', '\r\n'),
  }),
}));

export interface C14nCase {
  /** A document whose root is infNFe: its C14N as a whole document is the C14N of infNFe. */
  readonly standalone: string;
  /** The same infNFe inside an NFe that declares what `standalone` declares on infNFe itself. */
  readonly wrapped: string;
}

/** An infNFe tree, written standalone and wrapped. */
export const c14nCase: fc.Arbitrary<C14nCase> = fc
  .record({
    root: element,
    rootDeclaresDefault: fc.boolean(),
    space,
  })
  .map(({ root, rootDeclaresDefault, space: whitespace }) => {
    const infNfe: Element = {
      ...root,
      prefix: '',
      local: 'infNFe',
      declarations: rootDeclaresDefault ? [['', 2]] : [],
      attributes: [
        {
          prefix: '',
          local: 'Id',
          chars: ['N', 'F', 'e', '1'],
          quote: '"',
          equals: '=',
          before: ' ',
        },
        ...root.attributes.filter((a) => a.local !== 'Id' || a.prefix !== ''),
      ],
      selfClose: false,
    };
    const inherited: readonly (readonly [Prefix, number])[] = rootDeclaresDefault
      ? [['w', 0]]
      : [
          ['', 1],
          ['w', 0],
        ];
    const scope = new Map<Prefix, string>([
      ['', NAMESPACES[''][1] ?? ''],
      ['w', NAMESPACES.w[0] ?? ''],
    ]);
    const standalone = write(
      { ...infNfe, declarations: [...infNfe.declarations, ...inherited] },
      new Map(),
    );
    const wrapped = `<NFe xmlns="${NAMESPACES[''][1] ?? ''}"${whitespace}xmlns:w="${NAMESPACES.w[0] ?? ''}">${write(infNfe, scope)}</NFe>`;
    return { standalone, wrapped };
  });

type Spelling = Readonly<Record<string, string>>;

const CANONICAL_TEXT: Spelling = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#xD;',
  '\r\n': '&#xD;\n',
};
const NOISY_TEXT: Spelling = {
  '&': '&#38;',
  '<': '&#x3C;',
  '"': '&quot;',
  "'": '&apos;',
  é: '&#233;',
  '😀': '&#x1F600;',
  '#': '&#35;',
  '\t': '&#9;',
};
const CANONICAL_ATTRIBUTE: Spelling = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
  '\r\n': '&#xD;&#xA;',
};
const NOISY_ATTRIBUTE: Spelling = {
  '&': '&#x26;',
  '<': '&#60;',
  '>': '&gt;',
  '\t': '&#9;',
  é: '&#xE9;',
};

/** Noisy text keeps `>`, CR and CR LF raw; the parser normalises the line ends. */
function escapeText(c: string, noisy: boolean): string {
  return (noisy ? NOISY_TEXT : CANONICAL_TEXT)[c] ?? c;
}

/** Noisy values keep `>`, tab, LF, CR raw where they can; attribute normalisation turns the whitespace into spaces. */
function escapeAttribute(c: string, quote: string, canonical: boolean): string {
  if (canonical) return CANONICAL_ATTRIBUTE[c] ?? c;
  if (c === quote) return quote === '"' ? '&#34;' : '&apos;';
  return NOISY_ATTRIBUTE[c] ?? c;
}

const namespaceOf = (p: AttributePrefix, scope: ReadonlyMap<Prefix, string>): string =>
  p === 'xml' ? XML_NAMESPACE : (scope.get(p) ?? '');

function write(node: Node, scope: ReadonlyMap<Prefix, string>): string {
  if (node.kind === 'comment') return '<!-- c -->';
  if (node.kind !== 'element') {
    return node.kind === 'cdata'
      ? `<![CDATA[${node.chars.join('')}]]>`
      : node.chars.map((c) => escapeText(c, node.noisy)).join('');
  }

  const inner = new Map(scope);
  const declared: [Prefix, string][] = [];
  const declare = (p: Prefix, uri: string): void => {
    declared.push([p, uri]);
    inner.set(p, uri);
  };
  for (const [p, index] of node.declarations) declare(p, NAMESPACES[p][index] ?? '');
  const used = [node.prefix, ...node.attributes.map((a) => a.prefix)];
  for (const p of used)
    if (p !== '' && p !== 'xml' && !inner.has(p)) declare(p, NAMESPACES[p][0] ?? '');

  const qname = (p: AttributePrefix, local: string): string => (p === '' ? local : `${p}:${local}`);
  const name = qname(node.prefix, node.local);
  const attrs = [...node.attributes];
  if (node.canonical) {
    declared.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    attrs.sort((a, b) => {
      const ua = a.prefix === '' ? '' : namespaceOf(a.prefix, inner);
      const ub = b.prefix === '' ? '' : namespaceOf(b.prefix, inner);
      return ua !== ub ? (ua < ub ? -1 : 1) : a.local < b.local ? -1 : a.local > b.local ? 1 : 0;
    });
  }
  let tag = `<${name}`;
  for (const [p, uri] of declared) tag += ` ${p === '' ? 'xmlns' : `xmlns:${p}`}="${uri}"`;
  for (const a of attrs) {
    const quote = node.canonical ? '"' : a.quote;
    const value = a.chars.map((c) => escapeAttribute(c, quote, node.canonical)).join('');
    tag += node.canonical
      ? ` ${qname(a.prefix, a.local)}="${value}"`
      : `${a.before}${qname(a.prefix, a.local)}${a.equals}${quote}${value}${quote}`;
  }
  if (!node.canonical) tag += node.beforeClose;
  if (node.children.length === 0 && node.selfClose) return `${tag}/>`;
  const end = node.canonical ? `</${name}>` : `</${name}${node.endTagSpace}>`;
  return `${tag}>${node.children.map((child) => write(child, inner)).join('')}${end}`;
}
