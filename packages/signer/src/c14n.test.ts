import { describe, expect, it } from 'vitest';

import { canonicalizeInfNfe } from './c14n.js';

// Expected strings follow the W3C C14N 1.0 rules (sections 2.3 and 3.x examples).
describe('canonicalizeInfNfe', () => {
  const wrap = (
    inner: string,
    nfeAttributes = ' xmlns="http://www.portalfiscal.inf.br/nfe"',
  ): string => `<?xml version="1.0"?>\n<NFe${nfeAttributes}>${inner}</NFe>`;

  it('adds the inherited default namespace and expands empty-element tags', () => {
    expect(canonicalizeInfNfe(wrap('<infNFe Id="x"><a/><b >t</b ></infNFe>'))).toBe(
      '<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="x"><a></a><b>t</b></infNFe>',
    );
  });

  it('sorts attributes, normalises quoting and escaping', () => {
    expect(
      canonicalizeInfNfe(
        wrap(`<infNFe versao='4.00' Id="x"><a z='"&apos;' b="&#38;&lt;&gt;&#x9;&#10;&#13;x
y"/></infNFe>`),
      ),
    ).toBe(
      '<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="x" versao="4.00"><a b="&amp;&lt;>&#x9;&#xA;&#xD;x y" z="&quot;\'"></a></infNFe>',
    );
  });

  it('escapes text as C14N writes it and drops comments; CDATA becomes text', () => {
    expect(
      canonicalizeInfNfe(
        wrap('<infNFe Id="x">&quot;&apos;&#233;&gt;>\r\n<!--c--><![CDATA[<&>]]>é</infNFe>'),
      ),
    ).toBe(
      '<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="x">"\'é&gt;&gt;\n&lt;&amp;&gt;é</infNFe>',
    );
  });

  it('writes prefixed namespaces in scope on the apex, sorted, and only superfluous-free below', () => {
    const xml = wrap(
      '<infNFe Id="x" xmlns="http://www.portalfiscal.inf.br/nfe"><a xmlns:b="urn:b" b:k="1" k="2"><c xmlns:b="urn:b" xmlns=""/></a></infNFe>',
      ' xmlns:z="urn:z" xmlns="http://www.portalfiscal.inf.br/nfe" xmlns:a="urn:a"',
    );
    expect(canonicalizeInfNfe(xml)).toBe(
      '<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" xmlns:a="urn:a" xmlns:z="urn:z" Id="x"><a xmlns:b="urn:b" k="2" b:k="1"><c xmlns=""></c></a></infNFe>',
    );
  });

  it('leaves an already canonical infNFe unchanged apart from the namespace', () => {
    const inner =
      '<ide><cUF>35</cUF><xNome>A &amp; B &lt;C&gt; "D"</xNome></ide><det nItem="1"><prod></prod></det>';
    expect(canonicalizeInfNfe(wrap(`<infNFe Id="NFe1" versao="4.00">${inner}</infNFe>`))).toBe(
      `<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="NFe1" versao="4.00">${inner}</infNFe>`,
    );
  });
});
