import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { XmlDocument, XmlElement, type XmlTreeNode } from 'libxml2-wasm';

const XS = 'http://www.w3.org/2001/XMLSchema';

/** The files of a pack that define the NF-e layout (the xmldsig import is not part of infNFe). */
const LAYOUT_FILES = ['leiauteNFe_v4.00.xsd', 'tiposBasico_v4.00.xsd', 'DFeTiposBasicos_v1.00.xsd'];

/**
 * Every leaf element of `infNFe` in a schema pack, as its path from infNFe
 * (`infNFe/det/prod/DI/adi/nAdicao`): an element whose content is text (a simple type, a built-in
 * type or simple content). Both branches of a choice count; an element reachable by several paths
 * is listed once per path, as the layout's field tables list it.
 */
export function layoutLeaves(packDir: string): string[] {
  const types = new Map<string, XmlElement>();
  const docs = LAYOUT_FILES.map((file) =>
    XmlDocument.fromBuffer(readFileSync(join(packDir, file))),
  );
  try {
    for (const doc of docs)
      for (const node of children(doc.root))
        if (isXs(node, 'complexType') || isXs(node, 'simpleType')) {
          const name = node.attr('name')?.value;
          if (name) types.set(name, node);
        }
    const tnfe = types.get('TNFe');
    if (!tnfe) throw new Error(`no TNFe in ${packDir}`);
    const infNFe = elementsOf(tnfe).find((e) => e.attr('name')?.value === 'infNFe');
    if (!infNFe) throw new Error('no infNFe in TNFe');
    const leaves: string[] = [];
    walkElement(infNFe, '', types, leaves, new Set());
    return leaves;
  } finally {
    for (const doc of docs) doc.dispose();
  }
}

function walkElement(
  element: XmlElement,
  parent: string,
  types: Map<string, XmlElement>,
  leaves: string[],
  typesOnPath: Set<string>,
): void {
  const name = element.attr('name')?.value;
  if (!name) return; // `ref` (ds:Signature) lies outside what infNFe's builder writes
  const path = parent ? `${parent}/${name}` : name;
  const inline = children(element).find((c) => isXs(c, 'complexType') || isXs(c, 'simpleType'));
  const typeName = element.attr('type')?.value?.replace(/^.*:/, '');
  const type = inline ?? (typeName ? types.get(typeName) : undefined);
  if (!type || isXs(type, 'simpleType') || hasSimpleContent(type)) {
    leaves.push(path);
    return;
  }
  // A named type that contains itself would recurse forever; the layout has none, but say so.
  if (typeName && typesOnPath.has(typeName)) throw new Error(`recursive type ${typeName}`);
  const onPath = typeName ? new Set([...typesOnPath, typeName]) : typesOnPath;
  for (const child of elementsOf(type)) walkElement(child, path, types, leaves, onPath);
}

/** The element declarations of a complex type, through its sequences, choices and groups. */
function elementsOf(type: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of children(node)) {
      if (isXs(child, 'element')) out.push(child);
      else if (isXs(child, 'sequence') || isXs(child, 'choice') || isXs(child, 'all')) visit(child);
      else if (isXs(child, 'complexContent'))
        throw new Error('complexContent is not used by the NF-e layout');
    }
  };
  visit(type);
  return out;
}

function hasSimpleContent(type: XmlElement): boolean {
  return children(type).some((c) => isXs(c, 'simpleContent'));
}

function children(node: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let child: XmlTreeNode | null = node.firstChild; child; child = child.next)
    if (child instanceof XmlElement) out.push(child);
  return out;
}

function isXs(node: XmlElement, localName: string): boolean {
  return node.namespaceUri === XS && node.name === localName;
}
