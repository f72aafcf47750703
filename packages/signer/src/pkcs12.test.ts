import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import type { TestPfxOptions } from '@emissor/test-support';
import {
  generateTestPfx,
  opensslPfx,
  opensslPfxInfo,
  sharedDir,
  sharedPath,
  type PfxEncoding,
} from '@emissor/test-support';

import { CertificateError } from './errors.js';
import { certificateValidityAt, readPkcs12 } from './pkcs12.js';

function errorCode(pfx: Uint8Array, password: string): string | undefined {
  try {
    readPkcs12(pfx, password);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(CertificateError);
    expect((error as Error).message).not.toContain(password);
    return (error as CertificateError).code;
  }
}

describe.skipIf(!sharedDir())('readPkcs12 on the public test certificates', () => {
  const pfx = (name: string): Uint8Array => readFileSync(sharedPath('test-certs', name));

  it('reads certificado_teste.pfx (AES, CNPJ in an OCTET STRING SAN, chain of 3)', () => {
    const c = readPkcs12(pfx('certificado_teste.pfx'), 'associacao');
    expect(c.cnpj).toBe('99999090910270');
    expect(c.subjectCn).toBe('NFe - Associacao NF-e:99999090910270');
    expect(c.notBefore.toISOString()).toBe('2009-05-22T17:07:03.000Z');
    expect(c.notAfter.toISOString()).toBe('2010-10-02T17:07:03.000Z');
    expect(c.chainPem).toHaveLength(2);
    expect(c.privateKey.asymmetricKeyType).toBe('rsa');
    expect(c.certificatePem).toContain('BEGIN CERTIFICATE');
    expect(certificateValidityAt(c, new Date('2010-01-01T00:00:00Z'))).toBe('valid');
    expect(certificateValidityAt(c, new Date('2024-01-01T00:00:00Z'))).toBe('expired');
    expect(certificateValidityAt(c, new Date('2009-05-22T17:07:02Z'))).toBe('not_yet_valid');
  });

  it('reads the legacy RC2-40/3DES copy of the same certificate identically', () => {
    const modern = readPkcs12(pfx('certificado_teste.pfx'), 'associacao');
    const legacy = readPkcs12(pfx('expired_certificate_legacy.pfx'), 'associacao');
    expect(legacy.certificateBase64).toBe(modern.certificateBase64);
    expect(legacy.cnpj).toBe('99999090910270');
    expect(legacy.privateKey.export({ type: 'pkcs8', format: 'der' })).toEqual(
      modern.privateKey.export({ type: 'pkcs8', format: 'der' }),
    );
  });

  it('takes the CNPJ from a punctuated CN when there is no SAN otherName', () => {
    const c = readPkcs12(pfx('cert_cnpj_06157250000116_senha_minhasenha.pfx'), 'minhasenha');
    expect(c.subjectCn).toBe('06.157.250/0001-16');
    expect(c.cnpj).toBe('06157250000116');
    // The file stores the same certificate twice; it is not reported as a chain.
    expect(c.chainPem).toEqual([]);
  });

  it('reports a wrong password for the shared files', () => {
    expect(errorCode(pfx('certificado_teste.pfx'), 'wrong')).toBe('password_invalid');
    expect(errorCode(pfx('expired_certificate_legacy.pfx'), 'wrong')).toBe('password_invalid');
  });
});

describe('readPkcs12 on generated certificates', () => {
  const read = (options: TestPfxOptions) => {
    const generated = generateTestPfx({ keySize: 1024, ...options });
    return { generated, credentials: readPkcs12(generated.pfx, generated.password) };
  };

  it.each([
    'san-octet-string',
    'san-printable-string',
    'san-utf8-string',
    'san-ia5-string',
    'cn',
    'cn-formatted',
    'san-and-cn',
  ] as const)('finds the CNPJ with location %s', (cnpjLocation) => {
    expect(read({ cnpjLocation, cnpj: '11222333000181' }).credentials.cnpj).toBe('11222333000181');
  });

  it('prefers the SAN otherName over a CN naming another CNPJ, and accepts alphanumeric CNPJs', () => {
    const { credentials } = read({
      cnpjLocation: 'san-printable-string',
      cnpj: '12ABC34501DE35',
      companyName: 'X:99999999000191',
    });
    expect(credentials.cnpj).toBe('12ABC34501DE35');
  });

  it('distinguishes a branch (filial) from its head office: same root, different CNPJ', () => {
    const matriz = read({ cnpj: '11222333000181' }).credentials;
    const filial = read({ cnpj: '11222333000262' }).credentials;
    expect(filial.cnpj).toBe('11222333000262');
    expect(filial.cnpj.slice(0, 8)).toBe(matriz.cnpj.slice(0, 8));
  });

  it('picks the certificate matching the key when the leaf is last, keys come first and an unrelated key is present', () => {
    const { generated, credentials } = read({
      includeChain: true,
      leafPosition: 'last',
      keyFirst: true,
      extraKeys: 1,
      encryption: 'aes256',
    });
    expect(credentials.certificateBase64).toBe(generated.certificateBase64);
    expect(credentials.chainPem).toEqual(generated.chainPem);
  });

  it('does not judge validity, but certificateValidityAt does', () => {
    const expired = read({
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    }).credentials;
    const future = read({
      notBefore: new Date('2090-01-01T00:00:00Z'),
      notAfter: new Date('2091-01-01T00:00:00Z'),
    }).credentials;
    const now = new Date('2025-06-01T12:00:00Z');
    expect(certificateValidityAt(expired, now)).toBe('expired');
    expect(certificateValidityAt(future, now)).toBe('not_yet_valid');
    expect(certificateValidityAt(read({}).credentials, now)).toBe('valid');
  });

  it('maps failures to typed codes', () => {
    const generated = generateTestPfx({ keySize: 1024, password: 'segredo-123' });
    expect(errorCode(generated.pfx, 'segredo-124')).toBe('password_invalid');
    expect(errorCode(new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x03, 0xff]), 'x')).toBe('unreadable');
    expect(errorCode(new TextEncoder().encode('not a pfx at all'), 'x')).toBe('unreadable');
    expect(
      errorCode(
        generateTestPfx({ keySize: 1024, omitPrivateKey: true, includeChain: true }).pfx,
        'senha123',
      ),
    ).toBe('no_private_key');
    expect(
      errorCode(generateTestPfx({ keySize: 1024, cnpjLocation: 'none' }).pfx, 'senha123'),
    ).toBe('cnpj_missing');
  });
});

describe('passwords with Brazilian (non-ASCII) characters, in files written by OpenSSL', () => {
  const source = generateTestPfx({ keySize: 2048, cnpj: '12345678000195' });
  // Latin-1 letters (ç, ã, é, Ó: one byte there, two in UTF-8) and a character outside Latin-1 (€).
  const passwords = ['Ação-Configuração', 'senhaçãé', 'CORAÇÃO€2026'];
  const expected: Record<PfxEncoding, RegExp> = {
    aes: /PBES2, PBKDF2, AES-256-CBC/,
    legacy: /pbeWithSHA1And40BitRC2-CBC/,
  };

  for (const encoding of ['aes', 'legacy'] as const) {
    it.each(passwords)(
      `opens the ${encoding} file with %s, and refuses a near miss`,
      (password) => {
        const pfx = opensslPfx(source, password, encoding);
        expect(opensslPfxInfo(pfx, password)).toMatch(expected[encoding]);
        const credentials = readPkcs12(pfx, password);
        expect(credentials.cnpj).toBe('12345678000195');
        expect(credentials.certificatePem.trim()).toBe(source.certificatePem.trim());
        // The same letters without accents, or in another normal form, are another password.
        expect(errorCode(pfx, password.normalize('NFD').replace(/\p{M}/gu, ''))).toBe(
          'password_invalid',
        );
        expect(errorCode(pfx, password.normalize('NFD'))).toBe('password_invalid');
      },
    );
  }
});
