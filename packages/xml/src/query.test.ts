import { describe, expect, it } from 'vitest';

import { childNamed, childrenNamed, elementAt, firstElement } from './query.js';
import { readXmlTree } from './read-tree.js';

describe('finding elements by local name', () => {
  const root = readXmlTree(
    '<n:NFe xmlns:n="urn:nfe"><n:infNFe><ide><cUF>35</cUF></ide><det nItem="1"/><det nItem="2"/></n:infNFe></n:NFe>',
  );

  it('matches names without their prefix, along paths and in document order', () => {
    const inf = childNamed(root, 'infNFe');
    expect(inf?.namespace).toBe('urn:nfe');
    expect(elementAt(root, 'infNFe/ide/cUF')?.text).toBe('35');
    expect(childrenNamed(inf, 'det').map((d) => d.attributes.get('nItem'))).toEqual(['1', '2']);
    expect(elementAt(root, 'infNFe/missing/cUF')).toBeUndefined();
    expect(childrenNamed(undefined, 'det')).toEqual([]);
    expect(firstElement(root, (e) => e.localName === 'det')?.attributes.get('nItem')).toBe('1');
  });

  it('gives leaves no attributes and no children, which nobody can add to', () => {
    const cUF = elementAt(root, 'infNFe/ide/cUF');
    expect(cUF?.attributes.size).toBe(0);
    expect(cUF?.children).toEqual([]);
    expect(() => (cUF?.children as unknown[]).push(1)).toThrow(TypeError);
  });
});
