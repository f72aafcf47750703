import { X509Certificate } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

import { generateTestPfx, referenceVerifyNfe, wellFormednessErrors } from '@emissor/test-support';

import type { Mangle, Span } from '../test/mangle.js';
import { contentSpan, mangleOf, valueSpans, within } from '../test/mangle.js';
import { readPkcs12 } from './pkcs12.js';
import { signNfe } from './sign.js';
import { verifyNfe } from './verify.js';

/*
 * verifyNfe on a signed document damaged at random (a cut, and a few printable characters spliced
 * in its place) against two independent judges: xml-crypto over xmldom for the verdict, and
 * libxml2 for whether the damaged document is still XML. Where xml-crypto disagrees, each
 * legitimate reason is named below; nothing else may differ.
 */

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
const CHAVE = '35250112345678000195550010000000011000000010';
const REASON =
  /^(no_signature|digest_mismatch|signature_mismatch|malformed|unsupported_algorithm|reference_mismatch)$/;

/** A signed NF-e as SEFAZ returns it: declaration, nfeProc, the NFe, and protNFe after it. */
function processedNfe(): string {
  const pfx = generateTestPfx({ keySize: 1024 });
  const nfe = signNfe(
    `<NFe xmlns="${NFE_NS}"><infNFe Id="NFe${CHAVE}" versao="4.00"><ide><cUF>35</cUF></ide></infNFe></NFe>`,
    readPkcs12(pfx.pfx, pfx.password),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NFE_NS}" versao="4.00">${nfe}` +
    `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${CHAVE}</chNFe><cStat>100</cStat></infProt></protNFe></nfeProc>`
  );
}

describe('verifyNfe on a damaged signed document', () => {
  it("gives the reference verifier's verdict, in the exact shape of its result", async () => {
    const document = processedNfe();
    const original = verifyNfe(document);
    if (!original.valid) throw new Error(`the undamaged document fails: ${original.reason}`);
    const spans: Spans = {
      // Every text and attribute value from <NFe> to </SignedInfo>: what infNFe's digest and the
      // signature over SignedInfo cover, with the two xmlns that give them their namespaces.
      covered: valueSpans(document, document.indexOf('<NFe'), document.indexOf('</SignedInfo>')),
      signatureValue: contentSpan(document, 'SignatureValue'),
      certificate: contentSpan(document, 'X509Certificate'),
    };
    // xmldom reports every error it recovers from on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // Each run first lets the worker's event loop turn: a thousand runs at once held it for over
      // a minute on a busy machine, past vitest's 60 s RPC timeout.
      await fc.assert(
        fc.asyncProperty(mangleOf(document), async (m) => {
          await nextTurn();
          const result = verifyNfe(m.mangled);
          if (result.valid) {
            expect(result).toEqual({
              valid: true,
              digestValue: original.digestValue,
              certificateBase64: expect.any(String),
            });
            if (result.certificateBase64 !== original.certificateBase64) {
              // KeyInfo is outside what the signature covers, and judging the certificate is the
              // caller's job: bytes of it changed into another certificate with the same key
              // still check the signature (its issuer's signature over it no longer would).
              expect(within(spans.certificate, m)).toBe(true);
              expect(keyOf(result.certificateBase64)).toBe(keyOf(original.certificateBase64));
            }
            expect(wellFormednessErrors(m.mangled).filter(isAboutWellFormedness)).toEqual([]);
          } else {
            expect(result).toEqual({ valid: false, reason: expect.stringMatching(REASON) });
          }
          // A character reference could spell a covered character another way; without `&`
          // every change inside a covered value changes what was signed.
          if (spans.covered.some((span) => within(span, m)) && !m.insert.includes('&'))
            expect(result.valid).toBe(false);

          const reference = referenceVerifyNfe(m.mangled);
          if (result.valid !== reference) {
            const detail = JSON.stringify({ result, reference });
            expect(whyReferenceDiffers(m, spans), detail).toBeDefined();
          }
        }),
        { numRuns: 1000 },
      );
    } finally {
      vi.restoreAllMocks();
    }
  });
});

interface Spans {
  readonly covered: readonly Span[];
  readonly signatureValue: Span;
  readonly certificate: Span;
}

/**
 * Whether a complaint of libxml2 is one a well-formed document can draw. Two are not:
 * - a namespace name that is not a URI (Namespaces in XML asks for URI references, but no
 *   well-formedness constraint does, and verifyNfe does not parse URIs; here it is nfeProc's,
 *   outside what the signature covers, and schema validation refuses the namespace);
 * - an encoding libxml2 has no decoder for (the name is well-formed, and verifyNfe reads a string
 *   its caller has already decoded).
 */
function isAboutWellFormedness(message: string): boolean {
  return !/^xmlns(:\w+)?: '.*' is not a valid URI$|^Unsupported encoding/s.test(message);
}

/** Why xml-crypto may rightly judge a damaged document otherwise than verifyNfe, or undefined. */
function whyReferenceDiffers(m: Mangle, spans: Spans): string | undefined {
  const result = verifyNfe(m.mangled);
  if (result.valid) {
    const nfeProc = /<nfeProc\b[^>]*>/.exec(m.mangled)?.[0] ?? '';
    // xml-crypto takes every attribute whose name begins with `xmlns` (`xmlns-`, `xmlnsX`) for a
    // namespace declaration, and carries it onto infNFe's canonical form; only `xmlns` and
    // `xmlns:p` are declarations. On nfeProc such an attribute is an ordinary one, outside what
    // the signature covers.
    return /\sxmlns[^\s:=][^\s=]*\s*=/.test(nfeProc) ? 'attribute named xmlns…' : undefined;
  }
  if (result.reason === 'malformed' && wellFormednessErrors(m.mangled).length > 0) {
    // xmldom recovers from errors (text outside the root, an attribute without quotes or
    // value, a bare `&`, a broken XML declaration…) and xml-crypto ignores them: libxml2, like
    // verifyNfe, refuses the document.
    return 'not well-formed';
  }
  const signatureValue = textOf(m.mangled, 'SignatureValue');
  if (
    result.reason === 'malformed' &&
    within(spans.signatureValue, m) &&
    signatureValue !== undefined &&
    !isCanonicalBase64(signatureValue)
  ) {
    // xml-crypto hands SignatureValue to Node's decoder, which skips characters outside the
    // alphabet and ignores pad bits; xs:base64Binary allows neither.
    return 'SignatureValue that is not base64';
  }
  const certificate = textOf(m.mangled, 'X509Certificate');
  if (
    result.reason === 'malformed' &&
    within(spans.certificate, m) &&
    certificate !== undefined &&
    /^[A-Za-z0-9+/]*={0,2}$/.test(certificate) &&
    !isCanonicalBase64(certificate)
  ) {
    // xml-crypto rewrites the certificate as the base64 of its octets, so pad bits that are not
    // zero pass; xs:base64Binary allows only zeros there.
    return 'certificate with pad bits set';
  }
  if (result.reason === 'no_signature' && /<\/infNFe>[^<]*[^\s<][^<]*<Signature/.test(m.mangled)) {
    // Text between infNFe and its Signature is well-formed, but NFe holds elements only (the
    // schema refuses the text), and verifyNfe takes the Signature only as the next sibling with
    // nothing but whitespace and comments before it; xml-crypto takes a Signature anywhere.
    return 'text before the Signature';
  }
  return undefined;
}

const keyOf = (certificateBase64: string): string =>
  new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey
    .export({ type: 'spki', format: 'der' })
    .toString('base64');

/** The text of the first `<name>`, whitespace removed; undefined if it holds markup or is gone. */
const textOf = (xml: string, name: string): string | undefined =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.replace(/\s/g, '');

/** Whether base64 is exactly the base64 of the octets it decodes to: alphabet, padding, zero pad bits. */
const isCanonicalBase64 = (text: string): boolean =>
  Buffer.from(text, 'base64').toString('base64') === text;
