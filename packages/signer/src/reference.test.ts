import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TestPfx } from '@emissor/test-support';
import { generateTestPfx, referenceSignNfe, referenceVerifyNfe } from '@emissor/test-support';

import { nfeTree, nfeXml } from '../test/nfe-arbitrary.js';
import type { Credentials } from './pkcs12.js';
import { readPkcs12 } from './pkcs12.js';
import { signNfe } from './sign.js';
import { verifyNfe } from './verify.js';

const signatureOf = (xml: string): string =>
  xml.slice(xml.indexOf('<Signature'), xml.indexOf('</Signature>') + '</Signature>'.length);

describe('agreement with the xml-crypto reference signer', () => {
  let pfx: TestPfx;
  let credentials: Credentials;
  beforeAll(() => {
    pfx = generateTestPfx({ keySize: 1024 });
    credentials = readPkcs12(pfx.pfx, pfx.password);
  });

  it('produces the same signed document as xml-crypto for canonical input', () => {
    fc.assert(
      fc.property(nfeTree, (tree) => {
        const xml = nfeXml(tree);
        const mine = signNfe(xml, credentials);
        const reference = referenceSignNfe(xml, pfx.privateKeyPem, pfx.certificatePem);
        expect(signatureOf(mine)).toBe(signatureOf(reference));
        // Our output is the input plus the Signature. xml-crypto re-serialises the DOM, writing empty
        // elements as <a/>, &#10; for &#xA; and &gt; in attributes; apart from that spelling the documents are identical.
        expect(mine).toBe(xml.replace('</infNFe>', `</infNFe>${signatureOf(mine)}`));
        expect(respell(reference)).toBe(respell(mine));
      }),
      { numRuns: 150 },
    );
  });

  it('computes the same signature for differently spelled but equivalent input', () => {
    fc.assert(
      fc.property(nfeTree, (tree) => {
        const canonical = signatureOf(signNfe(nfeXml(tree), credentials));
        const noisy = nfeXml(tree, 'noisy');
        expect(signatureOf(signNfe(noisy, credentials))).toBe(canonical);
        expect(signatureOf(referenceSignNfe(noisy, pfx.privateKeyPem, pfx.certificatePem))).toBe(
          canonical,
        );
      }),
      { numRuns: 150 },
    );
  });

  // A property over many documents, not a speed check: the default 5 s fails on a loaded machine.
  it('each verifier accepts the other signer, and both reject tampering', () => {
    fc.assert(
      fc.property(
        nfeTree,
        fc.constantFrom('content', 'digest', 'signature', 'removed'),
        (tree, tamper) => {
          const xml = nfeXml(tree);
          const mine = signNfe(xml, credentials);
          const reference = referenceSignNfe(xml, pfx.privateKeyPem, pfx.certificatePem);
          expect(verifyNfe(reference).valid).toBe(true);
          expect(referenceVerifyNfe(mine)).toBe(true);

          const tampered = tamperWith(mine, tamper);
          expect(referenceVerifyNfe(tampered)).toBe(false);
          const expectedReason = {
            content: 'digest_mismatch',
            digest: 'digest_mismatch',
            signature: 'signature_mismatch',
            removed: 'no_signature',
          }[tamper];
          expect(verifyNfe(tampered)).toEqual({ valid: false, reason: expectedReason });
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});

/** `<a x="1"/>` → `<a x="1"></a>` and decimal → hex character references, attribute &gt; → >, outside the Signature. */
function respell(xml: string): string {
  const signature = signatureOf(xml);
  const [before = '', after = ''] = xml.split(signature);
  const expand = (s: string): string =>
    s
      .replace(/<([A-Za-z][A-Za-z0-9]*)((?:\s+[^\s=]+="[^"]*")*)\/>/g, '<$1$2></$1>')
      .replace(/&#(9|10|13);/g, (_m, d: string) => `&#x${Number(d).toString(16).toUpperCase()};`)
      .replace(/="[^"]*"/g, (value) => value.replace(/&gt;/g, '>'));
  return expand(before) + signature + expand(after);
}

function flipBase64(value: string): string {
  const first = value[0] === 'A' ? 'B' : 'A';
  return first + value.slice(1);
}

function tamperWith(signed: string, how: 'content' | 'digest' | 'signature' | 'removed'): string {
  switch (how) {
    case 'content':
      return signed.replace('versao="4.00">', 'versao="4.00"><x>1</x>');
    case 'digest':
      return signed.replace(
        /<DigestValue>([^<]*)</,
        (_m, v: string) => `<DigestValue>${flipBase64(v)}<`,
      );
    case 'signature':
      return signed.replace(
        /<SignatureValue>([^<]*)</,
        (_m, v: string) => `<SignatureValue>${flipBase64(v)}<`,
      );
    case 'removed':
      return signed.replace(signatureOf(signed), '');
  }
}
