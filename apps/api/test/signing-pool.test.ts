import { buildNfe } from '@emissor/nfe-xml';
import { CertificateError, readPkcs12, signNfe, verifyNfe, XmlSignError } from '@emissor/signer';
import { Worker } from 'node:worker_threads';

import { afterAll, describe, expect, it, vi } from 'vitest';

import { createSigningPool, type SigningPool } from '../src/signing/signing-pool.js';
import {
  CREDENTIALS_PER_THREAD,
  CredentialsBook,
  errorFromData,
  errorToData,
  SignatureInvalidError,
} from '../src/signing/signing-thread.js';
import { packingDictionary, unpackXml } from '../src/storage/xml-packing.js';
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

/** What the pool hands out, read back as the storage reads it. */
const sign = (pool: SigningPool, xml: string, signWith: typeof credentials) =>
  pool
    .signAndPack(xml, signWith)
    .then((packed) => unpackXml(packed, packingDictionary(signWith.certificateBase64)));

const pools = [createSigningPool(2), createSigningPool(0)];
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe.each([
  ['on two threads', pools[0]!],
  ['on the calling thread', pools[1]!],
])('signing pool %s', (_label, pool) => {
  it('gives exactly what signNfe gives, and it verifies', async () => {
    const xml = unsigned(1);
    const signed = await sign(pool, xml, credentials);
    expect(signed).toBe(signNfe(xml, credentials));
    expect(verifyNfe(signed).valid).toBe(true);
  });

  it('keeps many concurrent documents apart', async () => {
    const inputs = Array.from({ length: 40 }, (_, i) => unsigned(i + 1, 1 + (i % 4)));
    const signed = await Promise.all(inputs.map((xml) => sign(pool, xml, credentials)));
    expect(signed).toEqual(inputs.map((xml) => signNfe(xml, credentials)));
  });

  it("rejects a document it cannot sign with the signer's own error class and code, and keeps working", async () => {
    const refused = await sign(pool, '<NFe><nothing/></NFe>', credentials).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(XmlSignError);
    expect(refused).toMatchObject({ name: 'XmlSignError', code: 'no_infnfe' });
    expect((refused as Error).message).toMatch(/infNFe/);
    const malformed = await sign(pool, '<NFe><infNFe Id="x">', credentials).catch(
      (error: unknown) => error,
    );
    expect(malformed).toMatchObject({ name: 'XmlSignError', code: 'malformed' });
    expect(verifyNfe(await sign(pool, unsigned(2), credentials)).valid).toBe(true);
  });
});

describe('documents asked for in one turn', () => {
  it('travel to a thread as one message, and each still gets its own answer', async () => {
    const pool = createSigningPool(1);
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const inputs = Array.from({ length: 6 }, (_, i) => unsigned(i + 1, 1));
      // The third is one the signer refuses: its failure must stay its own.
      inputs[2] = '<NFe><nothing/></NFe>';
      const outcomes = await Promise.allSettled(inputs.map((xml) => sign(pool, xml, credentials)));
      expect(posted).toHaveBeenCalledTimes(1);
      expect(posted.mock.calls[0]?.[0]).toHaveLength(6);
      outcomes.forEach((outcome, i) => {
        if (i === 2)
          expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'no_infnfe' } });
        else
          expect(outcome).toEqual({ status: 'fulfilled', value: signNfe(inputs[i]!, credentials) });
      });
      // A later turn is a message of its own.
      await sign(pool, unsigned(9, 1), credentials);
      expect(posted).toHaveBeenCalledTimes(2);
    } finally {
      posted.mockRestore();
      await pool.close();
    }
  });
});

describe('credentials sent to a signing thread once', () => {
  const other = readPkcs12(testPfx({ cnpj: EMITTER_CNPJ, companyName: 'OUTRA' }).pfx, pfx.password);

  it('signs each document with its own key, also after the thread forgot some of them', async () => {
    const pool = createSigningPool(1);
    try {
      // More distinct credentials objects than a thread holds, two different keys alternating:
      // the second pass finds the first ones forgotten (sent again) and the last ones held.
      const many = Array.from({ length: CREDENTIALS_PER_THREAD + 8 }, (_, i) => ({
        ...(i % 2 === 0 ? credentials : other),
      }));
      const xml = unsigned(7, 1);
      const expected = [signNfe(xml, credentials), signNfe(xml, other)];
      expect(expected[0]).not.toBe(expected[1]);
      for (let pass = 0; pass < 2; pass++) {
        const signed = await Promise.all(many.map((c) => sign(pool, xml, c)));
        signed.forEach((s, i) => expect(s).toBe(expected[i % 2]));
      }
    } finally {
      await pool.close();
    }
  });

  it('are forgotten least recently used first, the same way on both sides', () => {
    const book = new CredentialsBook<string>(2);
    book.hold(1, 'a');
    book.hold(2, 'b');
    expect(book.use(1)).toBe('a'); // 1 is now the most recently used
    book.hold(3, 'c'); // forgets 2
    expect(book.use(2)).toBeUndefined();
    expect(book.use(1)).toBe('a');
    expect(book.use(3)).toBe('c');
  });
});

describe('a closed signing pool', () => {
  it('refuses work', async () => {
    const pool = createSigningPool(1);
    await pool.close();
    await expect(sign(pool, unsigned(1), credentials)).rejects.toThrow(/closed/);
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
