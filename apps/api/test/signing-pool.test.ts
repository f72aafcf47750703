import { buildNfe } from '@emissor/nfe-xml';
import { CertificateError, readPkcs12, signNfe, verifyNfe, XmlSignError } from '@emissor/signer';
import { afterAll, describe, expect, it } from 'vitest';

import { createSigningPool } from '../src/signing/signing-pool.js';
import {
  errorFromData,
  errorToData,
  SignatureInvalidError,
} from '../src/signing/signing-thread.js';
import { testPfx } from './helpers/certificates.js';
import { EMITTER_CNPJ, emissionRequest } from './helpers/emission.js';

const pfx = testPfx({ cnpj: EMITTER_CNPJ });
const credentials = readPkcs12(pfx.pfx, pfx.password);
const unsigned = (numero: number, items = 3) =>
  buildNfe({
    ...emissionRequest({ tenant_ref: 't', branch_ref: 'b' }, { items }),
    numero,
    codigoNumerico: '48151623',
    issuedAt: new Date('2026-11-22T12:00:00Z'),
  }).xml;

const pools = [createSigningPool(2), createSigningPool(0)];
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe.each([
  ['on two threads', pools[0]!],
  ['on the calling thread', pools[1]!],
])('signing pool %s', (_label, pool) => {
  it('gives exactly what signNfe gives, and it verifies', async () => {
    const xml = unsigned(1);
    const signed = await pool.signAndVerify(xml, credentials);
    expect(signed).toBe(signNfe(xml, credentials));
    expect(verifyNfe(signed).valid).toBe(true);
  });

  it('keeps many concurrent documents apart', async () => {
    const inputs = Array.from({ length: 40 }, (_, i) => unsigned(i + 1, 1 + (i % 4)));
    const signed = await Promise.all(inputs.map((xml) => pool.signAndVerify(xml, credentials)));
    expect(signed).toEqual(inputs.map((xml) => signNfe(xml, credentials)));
  });

  it("rejects a document it cannot sign with the signer's own error class and code, and keeps working", async () => {
    const refused = await pool.signAndVerify('<NFe><nothing/></NFe>', credentials).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(XmlSignError);
    expect(refused).toMatchObject({ name: 'XmlSignError', code: 'no_infnfe' });
    expect((refused as Error).message).toMatch(/infNFe/);
    const malformed = await pool
      .signAndVerify('<NFe><infNFe Id="x">', credentials)
      .catch((error: unknown) => error);
    expect(malformed).toMatchObject({ name: 'XmlSignError', code: 'malformed' });
    expect(verifyNfe(await pool.signAndVerify(unsigned(2), credentials)).valid).toBe(true);
  });
});

describe('a closed signing pool', () => {
  it('refuses work', async () => {
    const pool = createSigningPool(1);
    await pool.close();
    await expect(pool.signAndVerify(unsigned(1), credentials)).rejects.toThrow(/closed/);
  });
});

describe('errors crossing from a signing thread', () => {
  it('come back as the class and code they were thrown with', () => {
    const cases: Error[] = [
      new XmlSignError('already_signed', 'already signed'),
      new CertificateError('password_invalid', 'wrong password'),
      new SignatureInvalidError('digest_mismatch'),
    ];
    for (const error of cases) {
      const back = errorFromData(structuredClone(errorToData(error)));
      expect(back.constructor).toBe(error.constructor);
      expect(back).toMatchObject({
        name: error.name,
        message: error.message,
        code: (error as any).code,
      });
    }
    const plain = errorFromData(structuredClone(errorToData(new RangeError('out of range'))));
    expect(plain).toMatchObject({ name: 'RangeError', message: 'out of range' });
    expect(errorToData('a string')).toEqual({ name: 'Error', message: 'a string' });
  });
});
