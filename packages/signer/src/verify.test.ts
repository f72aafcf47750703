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
});

describe('verifyNfe vouches for the whole document', () => {
  let credentials: Credentials;
  let signed: string;
  beforeAll(() => {
    const pfx = generateTestPfx({ keySize: 1024 });
    credentials = readPkcs12(pfx.pfx, pfx.password);
    signed = signNfe(UNSIGNED, credentials);
  });
  const malformed = { valid: false, reason: 'malformed' };

  it('accepts a declaration, comments, PIs and whitespace around the root, and a well-formed sibling after the Signature', () => {
    const around = [
      `<?xml version="1.0" encoding="UTF-8"?>\n${signed}\n`,
      `\uFEFF<?xml version='1.0' standalone='yes' ?><!-- a --><?xml-stylesheet href="a"?> ${signed}<!-- b --> <?pi x?>`,
      `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${signed}<protNFe versao="4.00"><infProt Id="ID1"><xMotivo>A &amp; B &#233;</xMotivo></infProt></protNFe></nfeProc>`,
    ];
    for (const xml of around) expect(verifyNfe(xml).valid).toBe(true);
  });

  it('refuses what stands before or after the root, or in place of the XML declaration', () => {
    expect(verifyNfe(`Z#Q${signed}`)).toEqual(malformed);
    expect(verifyNfe(`${signed}8@`)).toEqual(malformed);
    expect(verifyNfe(`${signed}<NFe/>`)).toEqual(malformed);
    expect(verifyNfe(`${signed}<![CDATA[x]]>`)).toEqual(malformed);
    expect(verifyNfe(`${signed}<!-- a -- b -->`)).toEqual(malformed);
    expect(verifyNfe(` <?xml version="1.0"?>${signed}`)).toEqual(malformed);
    expect(verifyNfe(`<?xml version="1.0" encodin="UTF-8"?>${signed}`)).toEqual(malformed);
    expect(verifyNfe(`<?xml?>${signed}`)).toEqual(malformed);
    expect(verifyNfe(`<!DOCTYPE NFe>${signed}`)).toEqual(malformed);
  });

  it('refuses a broken ancestor of the signed element or a broken sibling after its Signature', () => {
    expect(verifyNfe(signed.replace('<NFe ', '<}:_6lxe '))).toEqual(malformed);
    expect(verifyNfe(signed.replace('</NFe>', '</NFE>'))).toEqual(malformed);
    expect(verifyNfe(signed.replace('</NFe>', ''))).toEqual(malformed);
    expect(verifyNfe(`<p:nfeProc>${signed}</p:nfeProc>`)).toEqual(malformed);
    expect(verifyNfe(`<nfeProc a="1" a="2">${signed}</nfeProc>`)).toEqual(malformed);
    expect(verifyNfe(`<nfeProc a="&x;">${signed}</nfeProc>`)).toEqual(malformed);
    expect(verifyNfe(`<nfeProc>&${signed}</nfeProc>`)).toEqual(malformed);
    const sibling = (protNFe: string): string => `<nfeProc>${signed}${protNFe}</nfeProc>`;
    expect(verifyNfe(sibling('<protNFe><infProt></protNFe>'))).toEqual(malformed);
    expect(verifyNfe(sibling('<protNFe>A & B</protNFe>'))).toEqual(malformed);
    expect(verifyNfe(sibling('<protNFe>a]]>b</protNFe>'))).toEqual(malformed);
    expect(verifyNfe(sibling('<protNFe>&#0;</protNFe>'))).toEqual(malformed);
    expect(verifyNfe(sibling('<prot}NFe/>'))).toEqual(malformed);
    expect(verifyNfe(sibling('<protNFe><?xml x?></protNFe>'))).toEqual(malformed);
  });

  it('refuses SignatureValue and X509Certificate texts that are not strict base64', () => {
    const signatureValue = /<SignatureValue>([^<]*)</.exec(signed)?.[1] ?? '';
    const certificate = credentials.certificateBase64;
    const withSignatureValue = (text: string): string => signed.replace(signatureValue, text);
    const withCertificate = (text: string): string => signed.replace(certificate, text);
    const lines = (text: string): string => text.replace(/.{1,64}/g, '$&\n');

    expect(verifyNfe(withSignatureValue(lines(signatureValue))).valid).toBe(true);
    expect(verifyNfe(withCertificate(lines(certificate))).valid).toBe(true);
    // Node's decoder would skip the character, read the URL-safe alphabet and ignore pad bits.
    expect(
      verifyNfe(withSignatureValue(`${signatureValue.slice(0, 10)}#${signatureValue.slice(10)}`)),
    ).toEqual(malformed);
    expect(
      verifyNfe(withSignatureValue(signatureValue.replace(/\+/g, '-').replace(/\//g, '_'))),
    ).toEqual(malformed);
    expect(verifyNfe(withSignatureValue(signatureValue.replace(/=+$/, '')))).toEqual(malformed);
    expect(verifyNfe(withSignatureValue(withPadBitsSet(signatureValue)))).toEqual(malformed);
    expect(
      verifyNfe(withCertificate(`${certificate.slice(0, 10)}!${certificate.slice(10)}`)),
    ).toEqual(malformed);
    // OpenSSL reads the certificate and passes over the bytes after it.
    const trailing = Buffer.concat([Buffer.from(certificate, 'base64'), Buffer.from([0, 0, 0])]);
    expect(verifyNfe(withCertificate(trailing.toString('base64')))).toEqual(malformed);
  });
});

/** `base64` (which must end in padding) with a pad bit set: the same octets to Node's decoder. */
function withPadBitsSet(base64: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const last = base64.replace(/=+$/, '');
  if (last.length === base64.length) throw new Error('no padding, so no pad bits');
  const bumped = alphabet[alphabet.indexOf(last.slice(-1)) + 1] ?? '';
  const result = `${last.slice(0, -1)}${bumped}${base64.slice(last.length)}`;
  if (!Buffer.from(result, 'base64').equals(Buffer.from(base64, 'base64')))
    throw new Error('bumping the last character changed an octet');
  return result;
}
