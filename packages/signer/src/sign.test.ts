import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { sharedDir, sharedPath } from '@emissor/test-support';

import { canonicalizeInfNfe } from './c14n.js';
import { XmlSignError } from './errors.js';
import { readPkcs12 } from './pkcs12.js';
import { signNfe } from './sign.js';
import { verifyNfe } from './verify.js';

const SAMPLE = '35101158716523000119550010000000011003000000-nfe';
const signatureOf = (xml: string): string =>
  xml.slice(xml.indexOf('<Signature'), xml.indexOf('</Signature>') + '</Signature>'.length);

describe.skipIf(!sharedDir())('signNfe on the sped-common test vector', () => {
  const read = (name: string): string => readFileSync(sharedPath('nfe-samples', name), 'utf8');
  const credentials = () =>
    readPkcs12(readFileSync(sharedPath('test-certs', 'certificado_teste.pfx')), 'associacao');

  it('reproduces the published DigestValue and SignatureValue byte for byte', () => {
    const unsigned = read(`${SAMPLE}.unsigned.xml`);
    const published = read(`${SAMPLE}.signed.xml`);
    const signed = signNfe(unsigned, credentials());

    expect(signed).toContain('<DigestValue>i8Cwf3gx3uZV8nOQQdjnMC764tk=</DigestValue>');
    // The whole Signature element is identical, KeyInfo included.
    expect(signatureOf(signed)).toBe(signatureOf(published));
    // Everything else is the input untouched. (The published file differs only where PHP's DOM
    // rewrote <cEAN></cEAN> as <cEAN/>, which C14N does not see.)
    const end = unsigned.indexOf('</infNFe>') + '</infNFe>'.length;
    expect(signed).toBe(unsigned.slice(0, end) + signatureOf(published) + unsigned.slice(end));
    expect(
      signed.replace(/<(\w+)><\/\1>/g, '<$1/>').replace(/<(\w+)( [^>]*)?><\/\1>/g, '<$1$2/>'),
    ).toBe(
      published.replace(/<(\w+)><\/\1>/g, '<$1/>').replace(/<(\w+)( [^>]*)?><\/\1>/g, '<$1$2/>'),
    );
  });

  it('canonicalises infNFe with the inherited namespace and expanded empty elements', () => {
    const canonical = canonicalizeInfNfe(read(`${SAMPLE}.signed.xml`));
    expect(
      canonical.startsWith('<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="NFe3510'),
    ).toBe(true);
    expect(canonical).toContain('<cEAN></cEAN>');
    expect(canonical.endsWith('</infNFe>')).toBe(true);
  });

  it('verifies the published signature and the real authorised NF-e 4.00 (compact copy)', () => {
    expect(verifyNfe(read(`${SAMPLE}.signed.xml`))).toMatchObject({
      valid: true,
      digestValue: 'i8Cwf3gx3uZV8nOQQdjnMC764tk=',
    });
    const proc = verifyNfe(
      read('43180906929383000163550010000000261000010301-procNFe.compact-derived.xml'),
    );
    expect(proc).toMatchObject({ valid: true, digestValue: 'Hwr3X8T6PR7EUzdSHZYeHpn14e4=' });
    // The pretty-printed original has indentation inside infNFe that was not there when signed.
    expect(verifyNfe(read('43180906929383000163550010000000261000010301-procNFe.xml'))).toEqual({
      valid: false,
      reason: 'digest_mismatch',
    });
  });

  it('keeps or omits the XML declaration as given', () => {
    const unsigned = read(`${SAMPLE}.unsigned.xml`);
    const bare = unsigned.replace(/^<\?xml[^>]*\?>/, '');
    const signedBare = signNfe(bare, credentials());
    expect(signedBare.startsWith('<NFe xmlns=')).toBe(true);
    expect(signatureOf(signedBare)).toBe(signatureOf(signNfe(unsigned, credentials())));
  });
});

describe('signNfe input checks', () => {
  const fakeCredentials = { privateKey: undefined as never, certificateBase64: '' };
  const code = (xml: string): string | undefined => {
    try {
      signNfe(xml, fakeCredentials);
      return undefined;
    } catch (error) {
      return error instanceof XmlSignError ? error.code : 'other';
    }
  };

  it('rejects what it does not sign with typed errors', () => {
    expect(code('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><other/></NFe>')).toBe(
      'no_infnfe',
    );
    expect(code('<NFe><infNFe versao="4.00"><a/></infNFe></NFe>')).toBe('no_infnfe');
    expect(code('<NFe><infNFe Id="NFe1"><a></infNFe></NFe>')).toBe('malformed');
    expect(code('<NFe><infNFe Id="NFe1"><a>&nbsp;</a></infNFe></NFe>')).toBe('malformed');
    expect(code('<NFe><infNFe Id="NFe1"><a>x')).toBe('malformed');
    expect(code('<!DOCTYPE NFe [<!ENTITY e "x">]><NFe><infNFe Id="NFe1">&e;</infNFe></NFe>')).toBe(
      'unsupported',
    );
    expect(code('<NFe><infNFe Id="NFe1"><?pi x?></infNFe></NFe>')).toBe('unsupported');
    expect(
      code(
        '<NFe><infNFe Id="NFe1"></infNFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></NFe>',
      ),
    ).toBe('already_signed');
  });
});
