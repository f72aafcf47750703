import { describe, expect, it } from 'vitest';

import { readXmlTree } from '@emissor/xml';

import { standaloneElement } from './standalone.js';
import type { XmlElement } from './tree.js';
import { firstByLocalName } from './tree.js';

const NFE = 'http://www.portalfiscal.inf.br/nfe';

function cut(xml: string, name: string): string {
  const element: XmlElement | undefined = firstByLocalName(readXmlTree(xml), name);
  if (!element) throw new Error(`no <${name}>`);
  return standaloneElement(xml, element);
}

describe('standaloneElement: the element’s own bytes with the declarations it inherited', () => {
  it('adds the inherited default namespace on the start tag only, after its attributes', () => {
    const xml = `<ret xmlns="${NFE}"><prot versao="4.00">\n\t<inf Id="ID1">&#231;'x'</inf></prot></ret>`;
    expect(cut(xml, 'prot')).toBe(
      `<prot versao="4.00" xmlns="${NFE}">\n\t<inf Id="ID1">&#231;'x'</inf></prot>`,
    );
  });

  it('leaves an element that declares its namespace itself byte for byte', () => {
    const xml = `<s:E xmlns:s="urn:soap"><s:B><prot xmlns="${NFE}" versao='4.00'><a>1</a></prot></s:B></s:E>`;
    expect(cut(xml, 'prot')).toBe(`<prot xmlns="${NFE}" versao='4.00'><a>1</a></prot>`);
  });

  it('keeps a prefixed element prefixed and declares its prefix, and prefixes its descendants use', () => {
    const xml =
      `<s:E xmlns:s="urn:soap" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:x="urn:x">` +
      `<ns2:ret xmlns:ns2="${NFE}"><ns2:prot versao="4.00"><ns2:inf x:a="1"/><ds:Signature/>` +
      `</ns2:prot></ns2:ret></s:E>`;
    expect(cut(xml, 'prot')).toBe(
      `<ns2:prot versao="4.00" xmlns:ns2="${NFE}" xmlns:x="urn:x" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">` +
        `<ns2:inf x:a="1"/><ds:Signature/></ns2:prot>`,
    );
  });

  it('does not repeat what a descendant declares, and keeps the whitespace before /> in place', () => {
    const xml = `<ret xmlns="${NFE}"><a><Signature xmlns="urn:dsig"><b/></Signature></a><e k="v" /></ret>`;
    expect(cut(xml, 'a')).toBe(
      `<a xmlns="${NFE}"><Signature xmlns="urn:dsig"><b/></Signature></a>`,
    );
    expect(cut(xml, 'e')).toBe(`<e k="v" xmlns="${NFE}" />`);
  });

  it('adds nothing to an element in no namespace (some authorisers drop it)', () => {
    const xml = `<procEventoNFe versao="1.00"><evento versao="1.00"><x/></evento></procEventoNFe>`;
    expect(cut(xml, 'evento')).toBe(`<evento versao="1.00"><x/></evento>`);
  });

  it('escapes the namespace URI as an attribute value', () => {
    const xml = `<r xmlns="urn:a?b=1&amp;c=&quot;2&quot;"><e/></r>`;
    expect(cut(xml, 'e')).toBe(`<e xmlns="urn:a?b=1&amp;c=&quot;2&quot;"/>`);
  });
});
