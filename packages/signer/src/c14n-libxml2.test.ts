import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { canonicalXml } from '@emissor/test-support';

import { c14nCase } from '../test/c14n-arbitrary.js';
import { canonicalizeInfNfe } from './c14n.js';

/*
 * The canonicaliser against libxml2's (an independent C14N 1.0 implementation). For a document
 * whose root is infNFe, the C14N of the whole document is the C14N of infNFe; wrapped in an NFe
 * that declares the same namespaces, infNFe must come out the same, the declarations inherited.
 * These cover the tags the scanner copies without parsing (`<name>`, already-canonical attributes,
 * exact end tags) next to every construct that must not be copied.
 */

const NFE = 'http://www.portalfiscal.inf.br/nfe';

/** Checks `inner` both as the content of a root infNFe and inside an NFe that declares `xmlns`, and returns our canonical form. */
function agrees(inner: string, infNfeAttributes = ' Id="NFe1"'): string {
  const standalone = `<infNFe xmlns="${NFE}"${infNfeAttributes}>${inner}</infNFe>`;
  const expected = canonicalXml(standalone);
  expect(canonicalizeInfNfe(standalone)).toBe(expected);
  expect(
    canonicalizeInfNfe(`<NFe xmlns="${NFE}"><infNFe${infNfeAttributes}>${inner}</infNFe></NFe>`),
  ).toBe(expected);
  return expected;
}

describe('canonicalizeInfNfe agrees with libxml2', () => {
  it('copies attribute-less tags, canonical attributes and exact end tags as they are', () => {
    const inner =
      '<det nItem="1"><prod><cProd>1</cProd><xProd>A &amp; B &lt;C&gt;</xProd></prod></det><x a="1" b="&quot;&#xA;" c=">\'">t</x>';
    expect(agrees(inner)).toBe(`<infNFe xmlns="${NFE}" Id="NFe1">${inner}</infNFe>`);
  });

  it('mixes attribute-less tags with namespaced and attributed ones', () => {
    agrees(
      '<a><p:b xmlns:p="urn:p"><c><p:d p:k="1" k="2"><e></e></p:d></c></p:b><f z="1" a="2"><g></g></f></a>',
    );
  });

  it('shares a redeclared default namespace with attribute-less descendants, and undoes it with xmlns=""', () => {
    const canonical = agrees(
      '<a xmlns="urn:d"><b><c xmlns=""><d><e xmlns="urn:d"><f></f></e></d></c></b><g></g></a><h></h>',
    );
    expect(canonical).toContain(
      '<a xmlns="urn:d"><b><c xmlns=""><d><e xmlns="urn:d"><f></f></e></d></c></b><g></g></a><h></h>',
    );
  });

  it('drops superfluous declarations on tags that are otherwise canonical', () => {
    agrees(`<a xmlns="${NFE}"><b xmlns:p="urn:p"><c xmlns:p="urn:p"><p:d></p:d></c></b></a>`);
  });

  it('expands empty-element tags, with and without attributes', () => {
    expect(agrees('<a/><b x="1"/><c><d/></c><e />')).toBe(
      `<infNFe xmlns="${NFE}" Id="NFe1"><a></a><b x="1"></b><c><d></d></c><e></e></infNFe>`,
    );
  });

  it('removes whitespace inside tags', () => {
    agrees(
      '<a >1</a ><b\n>2</b\r\n><c x="1" >3</c><d  x="1">4</d><e\tx="1"\ny = "2">5</e><f x="1"\n/>',
    );
  });

  it('rewrites attributes that are almost canonical: unsorted, duplicated order, single quotes, references, whitespace', () => {
    agrees(
      `<a b="1" a="2"></a><a a="1" aa="2" b="3"></a><a x='1'></a><a x="&#65;&amp;&gt;"></a><a x="1\t2\n3\r\n4"></a><a xmlnsx="1"></a>`,
    );
  });

  it('sorts prefixed attributes after unprefixed ones and xml:* by its namespace', () => {
    agrees(
      '<a xmlns:p="urn:p" p:a="1" b="2" xml:lang="pt"></a><a xmlns:z="urn:a" z:b="1" a="1"></a>',
    );
  });

  it('handles references, raw > and line ends in text next to copied tags', () => {
    agrees('<a>&quot;&apos;&#233;&#x1F600;&gt;></a><b>x\r\ny\rz</b><c>&#13;&#xD;</c>');
  });

  it('turns CDATA into text and drops comments between copied tags', () => {
    agrees('<a><![CDATA[<&>\r\n]]></a><!-- c --><b><!----></b><c><![CDATA[]]></c>');
  });

  it('keeps end tags whose name only starts like the open element malformed', () => {
    expect(() => canonicalizeInfNfe('<NFe><infNFe Id="x"><ab></a></ab></infNFe></NFe>')).toThrow(
      /unexpected <\/a>/,
    );
    expect(() => canonicalizeInfNfe('<NFe><infNFe Id="x"><a></ab></a></infNFe></NFe>')).toThrow(
      /unexpected <\/ab>/,
    );
    expect(() => canonicalizeInfNfe('<NFe><infNFe Id="x"><a></a')).toThrow(/not closed|expected/);
    expect(() => canonicalizeInfNfe('<NFe><infNFe Id="x"><a x="1"')).toThrow(
      /unterminated|expected/,
    );
    expect(() => canonicalizeInfNfe('<NFe><infNFe Id="x"><a x="<"></a></infNFe></NFe>')).toThrow(
      /'<' inside/,
    );
    expect(() =>
      canonicalizeInfNfe('<NFe><infNFe Id="x"><p:a q:x="1"></p:a></infNFe></NFe>'),
    ).toThrow(/undeclared prefix/);
  });

  it('agrees on random trees, canonical or noisy, standalone or wrapped', () => {
    fc.assert(
      fc.property(c14nCase, ({ standalone, wrapped }) => {
        const expected = canonicalXml(standalone);
        expect(canonicalizeInfNfe(standalone)).toBe(expected);
        expect(canonicalizeInfNfe(wrapped)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });
});
