import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

import { buildNfe } from '@emissor/nfe-xml';
import { readPkcs12, signNfe } from '@emissor/signer';
import { describe, expect, it } from 'vitest';

import { storedXmlText } from '../src/storage/stored-xml.js';
import { PACKING_DICTIONARY_V1 } from '../src/storage/xml-packing-dictionary.js';
import { packingDictionary, packXml, unpackXml, XML_PACKING } from '../src/storage/xml-packing.js';
import { testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest } from './helpers/emission.js';

const pfx = testPfx({ cnpj: EMITTER_CNPJ });
const credentials = readPkcs12(pfx.pfx, pfx.password);
const other = testPfx({ cnpj: EMITTER_CNPJ, companyName: 'OUTRA' });
const otherCredentials = readPkcs12(other.pfx, other.password);

const signed = (items: number, refs = { tenant_ref: 't', branch_ref: 'b' }) =>
  signNfe(
    buildNfe({
      ...emissionRequest(refs, { items }),
      numero: 7,
      codigoNumerico: '48151623',
      issuedAt: new Date('2026-11-27T12:00:00Z'),
    }).xml,
    credentials,
  );
const dictionary = packingDictionary(credentials.certificateBase64);

describe('packed NF-e (migration 0016)', () => {
  it('read back byte for byte, accents and all', () => {
    for (const xml of [signed(1), signed(10), signed(990)]) {
      expect(unpackXml(packXml(xml, dictionary), dictionary)).toBe(xml);
    }
    const accents = signed(2).replace('Venda', 'Venda de mercadorias — São Paulo, ação ü');
    expect(unpackXml(packXml(accents, dictionary), dictionary)).toBe(accents);
  });

  it('keep a signed 10-item NF-e near 1 KB: the dictionary, not deflate alone, does it', () => {
    const xml = signed(10);
    const packed = packXml(xml, dictionary).length;
    const deflated = deflateSync(Buffer.from(xml)).length;
    // Measured: 11.6 KB of text, about 2.9 KB deflated alone, about 1 KB packed.
    expect(packed).toBeLessThan(1500);
    expect(deflated).toBeGreaterThan(2 * packed);
    // Without the certificate part the dictionary still helps, less.
    const fixedOnly = packXml(xml, packingDictionary('')).length;
    expect(fixedOnly).toBeLessThan(deflated);
    expect(fixedOnly).toBeGreaterThan(packed);
  });

  it('refuse to read with another certificate’s dictionary or from damaged bytes', () => {
    const packed = packXml(signed(3), dictionary);
    expect(() =>
      unpackXml(packed, packingDictionary(otherCredentials.certificateBase64)),
    ).toThrow();
    expect(() => unpackXml(packed.subarray(0, packed.length - 4), dictionary)).toThrow();
    const flipped = Buffer.from(packed);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x10;
    expect(() => unpackXml(flipped, dictionary)).toThrow();
  });

  it('keep dictionary v1 as it was: stored documents need the same bytes to be read', () => {
    expect(createHash('sha256').update(PACKING_DICTIONARY_V1, 'utf8').digest('hex')).toBe(
      PINNED_DICTIONARY_V1_SHA256,
    );
  });
});

describe('storedXmlText', () => {
  it('serves a row stored before packing as it is, and a packed row unpacked', () => {
    const xml = signed(2);
    expect(storedXmlText({ xml, packing: null, packed: null, certificate_base64: null })).toBe(xml);
    expect(
      storedXmlText({
        xml: null,
        packing: XML_PACKING,
        packed: packXml(xml, dictionary),
        certificate_base64: credentials.certificateBase64,
      }),
    ).toBe(xml);
  });

  it('refuses a form it does not know instead of guessing', () => {
    const packed = packXml(signed(1), dictionary);
    expect(() =>
      storedXmlText({
        xml: null,
        packing: 2,
        packed,
        certificate_base64: credentials.certificateBase64,
      }),
    ).toThrow(/unknown form/);
    expect(() =>
      storedXmlText({ xml: null, packing: XML_PACKING, packed, certificate_base64: null }),
    ).toThrow(/unknown form/);
  });
});

const PINNED_DICTIONARY_V1_SHA256 =
  '113cd3cb376ecfc5fde922fadb2f9064356ea179dd91ee61366e88bab270ae42';
