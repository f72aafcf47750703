import { describe, expect, it } from 'vitest';

import { XmlSignError } from './errors.js';
import { readXmlTree } from './read-xml-tree.js';

// The reader itself is tested in @emissor/xml; here, that the signer's callers still get its errors.
describe('readXmlTree (the signer re-export)', () => {
  it('reads a document as @emissor/xml does', () => {
    expect(readXmlTree('<a xmlns="urn:x"><b>1</b></a>').children[0]).toMatchObject({
      namespace: 'urn:x',
      localName: 'b',
      text: '1',
    });
  });

  it.each([
    ['<a><b></a>', 'malformed'],
    ['<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', 'unsupported'],
  ])('reports %j as an XmlSignError %s', (xml, code) => {
    expect(() => readXmlTree(xml)).toThrow(XmlSignError);
    expect(() => readXmlTree(xml)).toThrow(expect.objectContaining({ code }));
  });
});
