import { describe, expect, it } from 'vitest';

import { XmlError } from './errors.js';
import { readXmlTree } from './read-tree.js';

const NFE = 'http://www.portalfiscal.inf.br/nfe';

function errorCode(xml: string): string | undefined {
  try {
    readXmlTree(xml);
    return undefined;
  } catch (error) {
    return error instanceof XmlError ? error.code : 'other';
  }
}

describe('readXmlTree', () => {
  it('resolves namespaces, keeps attributes by qualified name and expands references', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- lot -->\n' +
      `<s:Envelope xmlns:s="urn:soap"><s:Body><enviNFe xmlns="${NFE}" versao="4.00">` +
      '<idLote a="x\t&amp;&#10;y">1</idLote><xNome>A &amp; B &#x41;</xNome><empty/></enviNFe>' +
      '</s:Body></s:Envelope>\n<?pi after?>\n';
    const root = readXmlTree(xml);
    expect(root).toMatchObject({ namespace: 'urn:soap', localName: 'Envelope' });
    const enviNFe = root.children[0]?.children[0];
    expect(enviNFe?.namespace).toBe(NFE);
    expect(enviNFe?.attributes.get('xmlns')).toBe(NFE);
    expect(enviNFe?.attributes.get('versao')).toBe('4.00');
    const [idLote, xNome, empty] = enviNFe?.children ?? [];
    // A literal tab becomes a space; a character reference keeps its character (XML 1.0 §3.3.3).
    expect(idLote?.attributes.get('a')).toBe('x &\ny');
    expect(idLote?.text).toBe('1');
    expect(xNome?.text).toBe('A & B A');
    expect(empty).toMatchObject({ localName: 'empty', namespace: NFE, text: '', children: [] });
  });

  it('gives offsets to cut out the exact bytes of an element and of its content', () => {
    const inner = `<infNFe Id="NFe1" versao="4.00"><ide><cUF>35</cUF></ide></infNFe>`;
    const xml = `<NFe xmlns="${NFE}"> ${inner} </NFe>`;
    const nfe = readXmlTree(xml);
    const infNFe = nfe.children[0];
    expect(infNFe && xml.slice(infNFe.start, infNFe.end)).toBe(inner);
    expect(xml.slice(nfe.contentStart, nfe.contentEnd)).toBe(` ${inner} `);
    const empty = readXmlTree('<a><b x="1"/></a>').children[0];
    expect(empty).toMatchObject({ start: 3, contentStart: 13, contentEnd: 13, end: 13 });
  });

  it('text: direct character data with CDATA, without comments, PIs or the children', () => {
    const root = readXmlTree('<a>one<!-- c --><b>inner</b><?p x?><![CDATA[ <two> ]]>three</a>');
    expect(root.text).toBe('one <two> three');
    expect(root.children.map((c) => c.text)).toEqual(['inner']);
  });

  it('elements without a namespace have namespace ""', () => {
    expect(readXmlTree('<a><b/></a>').children[0]?.namespace).toBe('');
    expect(readXmlTree(`<a xmlns="${NFE}"><b xmlns=""/></a>`).children[0]?.namespace).toBe('');
  });

  it.each([
    ['an unclosed element', '<a><b></b>'],
    ['mismatched tags', '<a><b></a></b>'],
    ['an undeclared reference', '<a>&nbsp;</a>'],
    ['a bare ampersand', '<a>x & y</a>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['a repeated attribute', '<a x="1" x="2"/>'],
    ['an undeclared prefix', '<p:a/>'],
    ['text before the root', 'x<a/>'],
    ['text after the root', '<a/>x'],
    ['a second root', '<a/><b/>'],
    ['a CDATA section outside the root', '<a/><![CDATA[x]]>'],
    ['no root', '<!-- only a comment -->'],
    ['an empty string', ''],
    ['a truncated start tag', '<consStatServ'],
    ['an element name that is no name', '<1a></1a>'],
    ['an attribute name that is no name', '<a 1x="1"/>'],
    ['an undeclared attribute prefix', '<a p:x="1"/>'],
    ['a character reference to no XML character', '<a>&#0;</a>'],
    ['an unterminated CDATA section', '<a><![CDATA[open</a>'],
    ["']]>' in text", '<a>x ]]> y</a>'],
    ["'--' inside a comment", '<a><!-- a -- b --></a>'],
    ['a PI named xml inside the document', '<a><?xml version="1.0"?></a>'],
    ['an XML declaration that is not one', '<?xml encoding="UTF-8"?><a/>'],
  ])('refuses %s as malformed', (_, xml) => {
    expect(errorCode(xml)).toBe('malformed');
  });

  it('refuses a DOCTYPE (entity tricks) and namespace undeclarations as unsupported', () => {
    expect(errorCode('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toBe('unsupported');
    expect(errorCode('<a xmlns:p="urn:p"><p:b xmlns:p=""/></a>')).toBe('unsupported');
  });

  it('skips a byte order mark', () => {
    expect(readXmlTree('\ufeff<a/>').localName).toBe('a');
  });
});
