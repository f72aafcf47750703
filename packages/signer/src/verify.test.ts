import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { generateTestPfx } from '@emissor/test-support';

import type { Credentials } from './pkcs12.js';
import { readPkcs12 } from './pkcs12.js';
import { signNfe } from './sign.js';
import { verifyNfe } from './verify.js';

const UNSIGNED =
  '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe35250112345678000195550010000000011000000010" versao="4.00"><ide><cUF>35</cUF></ide></infNFe></NFe>';

/**
 * [start, end) of each text node inside `infNFe` and `SignedInfo`: bytes whose every change
 * changes a canonical form the signature covers (an entity cut in half makes the XML malformed).
 */
function signedTextSpans(xml: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const [open, close] of [
    ['<infNFe', '</infNFe>'],
    ['<SignedInfo', '</SignedInfo>'],
  ] as const) {
    const end = xml.indexOf(close);
    const texts = />([^<]+)</g;
    texts.lastIndex = xml.indexOf(open);
    for (let m = texts.exec(xml); m && m.index < end; m = texts.exec(xml))
      spans.push([m.index + 1, m.index + 1 + (m[1] ?? '').length]);
  }
  return spans;
}

describe('verifyNfe failure reasons', () => {
  let credentials: Credentials;
  let signed: string;
  beforeAll(() => {
    const pfx = generateTestPfx({ keySize: 1024 });
    credentials = readPkcs12(pfx.pfx, pfx.password);
    signed = signNfe(UNSIGNED, credentials);
  });

  it('accepts the signature and reports the digest and certificate', () => {
    expect(verifyNfe(signed)).toMatchObject({
      valid: true,
      certificateBase64: credentials.certificateBase64,
    });
  });

  it('names what is wrong', () => {
    expect(verifyNfe(UNSIGNED)).toEqual({ valid: false, reason: 'no_signature' });
    expect(verifyNfe(signed.replace('xmldsig#rsa-sha1', 'xmldsig-more#rsa-sha256'))).toEqual({
      valid: false,
      reason: 'unsupported_algorithm',
    });
    expect(verifyNfe(signed.replace('xmldsig#sha1"', 'xmlenc#sha256"'))).toEqual({
      valid: false,
      reason: 'unsupported_algorithm',
    });
    expect(verifyNfe(signed.replace('URI="#NFe', 'URI="#nfe'))).toEqual({
      valid: false,
      reason: 'reference_mismatch',
    });
    expect(verifyNfe(signed.replace('<X509Certificate>', '<X509Certificate>AAAA'))).toEqual({
      valid: false,
      reason: 'malformed',
    });
    expect(verifyNfe('')).toEqual({ valid: false, reason: 'malformed' });
    expect(verifyNfe('<NFe><infNFe Id="x">')).toEqual({ valid: false, reason: 'malformed' });
  });

  it('tolerates indentation around (not inside) the signed element', () => {
    const pretty = signed.replace('<Signature', '\n  <Signature').replace('</NFe>', '\n</NFe>');
    expect(verifyNfe(pretty).valid).toBe(true);
  });

  it('refuses every change to a text the signature covers (infNFe and SignedInfo)', () => {
    const rich = signNfe(
      UNSIGNED.replace(
        '<cUF>35</cUF>',
        '<cUF>35</cUF><natOp>VENDA DE MERCADORIA</natOp><xNome>EMPRESA &amp; CIA &lt;LTDA&gt;</xNome>',
      ),
      credentials,
    );
    const spans = signedTextSpans(rich);
    const text = fc.string({ unit: fc.constantFrom(...'AZaz09 +/='), maxLength: 4 });
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), text, (which, a, b, insert) => {
        const [start, end] = spans[which % spans.length] as [number, number];
        const from = start + (a % (end - start));
        const to = Math.min(end, from + (b % 4));
        const mangled = rich.slice(0, from) + insert + rich.slice(to);
        fc.pre(mangled !== rich);
        expect(verifyNfe(mangled).valid).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever is cut out of or spliced into a signed document', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.string({ maxLength: 8 }), (a, b, insert) => {
        const from = a % signed.length;
        const to = from + (b % 40);
        const mangled = signed.slice(0, from) + insert + signed.slice(to);
        const result = verifyNfe(mangled);
        expect(typeof result.valid).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});
