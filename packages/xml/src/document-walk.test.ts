import { describe, expect, it } from 'vitest';

import { DocumentWalk, locateElement } from './document-walk.js';
import { XmlError } from './errors.js';

const NFE = 'http://www.portalfiscal.inf.br/nfe';

describe('DocumentWalk', () => {
  it('finds each element of a name in document order, with the namespaces in scope around it', () => {
    const xml = `<enviNFe xmlns="${NFE}"><NFe><infNFe Id="a"/></NFe><NFe><infNFe Id="b"/></NFe></enviNFe>`;
    const walk = new DocumentWalk(xml);
    const ids: string[] = [];
    for (let e = walk.next('infNFe'); e; e = walk.next('infNFe'))
      ids.push(e.tag.attributes[0]?.rawValue ?? '');
    expect(ids).toEqual(['a', 'b']);
    expect(locateElement(xml, 'infNFe')).toMatchObject({
      start: xml.indexOf('<infNFe'),
      parentContext: { '': NFE },
      xmlAttributeAncestor: false,
    });
  });

  it('says when an ancestor has xml:* attributes (which C14N copies onto the element)', () => {
    expect(locateElement('<a xml:lang="pt"><b/></a>', 'b')?.xmlAttributeAncestor).toBe(true);
    expect(locateElement('<a><c xml:lang="pt"/><b/></a>', 'b')?.xmlAttributeAncestor).toBe(false);
  });

  it('checks the whole document, also after the last element found', () => {
    const walk = new DocumentWalk('<a><b/></a><c/>');
    expect(walk.next('b')).toBeDefined();
    expect(() => walk.next('b')).toThrow(XmlError);
    expect(() => locateElement('<!DOCTYPE a><a/>', 'a')).toThrow(
      expect.objectContaining({ code: 'unsupported' }),
    );
  });
});
