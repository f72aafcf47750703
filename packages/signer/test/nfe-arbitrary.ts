import fc from 'fast-check';

/*
 * NF-e-shaped documents for property tests: an NFe root in the portal namespace holding an infNFe
 * with an Id, random nesting, attributes in random order, and text and attribute values full of
 * characters that need escaping. Each document can be written canonically (as our builder does)
 * or "noisily" (empty-element tags, single quotes, character references, comments, CDATA), which
 * must not change the signature.
 */

export interface Node {
  readonly name: string;
  readonly attributes: readonly (readonly [string, string])[];
  readonly children: readonly (Node | string)[];
}

const tricky = fc.constantFrom(
  '&',
  '<',
  '>',
  '"',
  "'",
  'é',
  'ç',
  'Ã',
  '€',
  '😀',
  ' ',
  '\t',
  '\n',
  'a',
  'Z',
  '0',
  ';',
  '#',
);
const textValue = fc.array(tricky, { maxLength: 12 }).map((chars) => chars.join(''));
const name = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,6}$/);

const attributes = fc.uniqueArray(fc.tuple(name, textValue), {
  maxLength: 3,
  selector: ([n]) => n,
});

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.record({
    name,
    attributes,
    children: fc.array(
      fc.oneof({ depthSize: 'small', withCrossShrink: true }, textValue, tie('node')),
      { maxLength: 4 },
    ),
  }),
}));

export const nfeTree = fc.record({
  id: fc.stringMatching(/^[0-9]{44}$/).map((d) => `NFe${d}`),
  children: fc.array(node, { minLength: 1, maxLength: 4 }),
  declaration: fc.boolean(),
});

export type NfeTree = typeof nfeTree extends fc.Arbitrary<infer T> ? T : never;

const escapeText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
const escapeAttribute = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;');

/** Canonical serialisation, except that it keeps the attribute order it was given. */
function writeCanonical(node: Node | string): string {
  if (typeof node === 'string') return escapeText(node);
  const attrs = node.attributes.map(([n, v]) => ` ${n}="${escapeAttribute(v)}"`).join('');
  return `<${node.name}${attrs}>${node.children.map(writeCanonical).join('')}</${node.name}>`;
}

/** Same infoset, spelled differently: character references, single quotes, `<a/>`, comments, CDATA. */
function writeNoisy(node: Node | string, seed: number): string {
  if (typeof node === 'string') {
    if (node === '') return seed % 2 === 0 ? '<!-- empty -->' : '';
    if (seed % 3 === 0 && !node.includes(']]>')) return `<![CDATA[${node}]]>`;
    return node.replace(/[&<>"é]/g, (c) =>
      c === '&'
        ? '&#38;'
        : c === '<'
          ? '&lt;'
          : c === '>'
            ? '&#x3E;'
            : c === '"'
              ? '&quot;'
              : '&#233;',
    );
  }
  const attrs = node.attributes
    .map(
      ([n, v]) =>
        ` ${n} = '${v.replace(/&/g, '&amp;').replace(/</g, '&#60;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;')}'`,
    )
    .join('');
  if (node.children.length === 0) return `<${node.name}${attrs} />`;
  return `<${node.name}${attrs} >${node.children.map((c, i) => writeNoisy(c, seed + i + 1)).join('')}</${node.name} >`;
}

/** The document as text. */
export function nfeXml(tree: NfeTree, style: 'canonical' | 'noisy' = 'canonical'): string {
  const body = tree.children
    .map((c, i) => (style === 'canonical' ? writeCanonical(c) : writeNoisy(c, i)))
    .join('');
  const declaration = tree.declaration ? '<?xml version="1.0" encoding="UTF-8"?>' : '';
  return `${declaration}<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="${tree.id}" versao="4.00">${body}</infNFe></NFe>`;
}
