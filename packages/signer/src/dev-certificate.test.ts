import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';

import { cnpjFromSubjectAltName } from './cnpj-from-certificate.js';
import {
  createDevCertificate,
  DevCertificateError,
  type DevCertificateOptions,
} from './dev-certificate.js';
import type { CertificateError } from './errors.js';
import { certificateValidityAt, readPkcs12 } from './pkcs12.js';

const rsaPem = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

const KEY = rsaPem(2048);
const NOW = new Date('2026-03-10T12:00:00.000Z');
const PASSWORD = 'dev-senha 123';

/** A reproducible byte stream: SHA-256 of a seed and a counter. */
function seeded(seed: string): (length: number) => Uint8Array {
  let counter = 0;
  return (length) => {
    const out = Buffer.alloc(length);
    for (let at = 0; at < length; at += 32)
      createHash('sha256')
        .update(`${seed}:${counter++}`)
        .digest()
        .copy(out, at, 0, Math.min(32, length - at));
    return out;
  };
}

const options = (overrides: Partial<DevCertificateOptions> = {}): DevCertificateOptions => ({
  cnpj: '12345678000195',
  password: PASSWORD,
  now: NOW,
  privateKeyPem: KEY,
  randomBytes: randomBytes,
  ...overrides,
});

const dir = mkdtempSync(join(tmpdir(), 'dev-certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openssl(args: string[], input?: string): { status: number | null; out: string } {
  const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8', input });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}
const opensslAvailable = spawnSync('openssl', ['version']).status === 0;
if (!opensslAvailable)
  console.warn(
    '[signer] openssl not installed: the OpenSSL cross-check of dev certificates is skipped',
  );

describe('createDevCertificate', () => {
  it('makes a PKCS#12 file readPkcs12 opens: CNPJ, CN NAME:CNPJ, a year of validity', () => {
    const dev = createDevCertificate(options({ companyName: 'LOJA EXEMPLO LTDA' }));
    const read = readPkcs12(dev.pfx, PASSWORD);
    expect(read.cnpj).toBe('12345678000195');
    expect(read.subjectCn).toBe('LOJA EXEMPLO LTDA:12345678000195');
    expect(dev.subjectCn).toBe(read.subjectCn);
    expect(read.notBefore.toISOString()).toBe('2026-03-10T11:55:00.000Z');
    expect(read.notAfter.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    expect([dev.notBefore, dev.notAfter]).toEqual([read.notBefore, read.notAfter]);
    expect(read.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(read.chainPem).toEqual([]);
    expect(certificateValidityAt(read, NOW)).toBe('valid');
    expect(certificateValidityAt(read, new Date('2027-03-10T12:00:01Z'))).toBe('expired');
  });

  it('puts the CNPJ in the SAN otherName 2.16.76.1.3.3 (not only in the CN)', () => {
    const dev = createDevCertificate(options({ cnpj: 'AB12CD34EF5601' }));
    const cert = forge.pki.certificateFromPem(dev.certificatePem);
    expect(cnpjFromSubjectAltName(cert)).toBe('AB12CD34EF5601');
    expect(readPkcs12(dev.pfx, PASSWORD).cnpj).toBe('AB12CD34EF5601');
  });

  it('is pure: the same clock, key and random bytes give the same file; other bytes another', () => {
    const a = createDevCertificate(options({ randomBytes: seeded('a') }));
    const again = createDevCertificate(options({ randomBytes: seeded('a') }));
    const b = createDevCertificate(options({ randomBytes: seeded('b') }));
    expect(Buffer.from(again.pfx).equals(Buffer.from(a.pfx))).toBe(true);
    expect(Buffer.from(b.pfx).equals(Buffer.from(a.pfx))).toBe(false);
    const serial = (pem: string) => forge.pki.certificateFromPem(pem).serialNumber;
    expect(serial(b.certificatePem)).not.toBe(serial(a.certificatePem));
    expect(serial(a.certificatePem)).toMatch(/^[4-7][0-9a-f]{31}$/);
  });

  it('does not open with another password', () => {
    const dev = createDevCertificate(options());
    expect(() => readPkcs12(dev.pfx, 'outra senha')).toThrow(
      expect.objectContaining({ code: 'password_invalid' }) as CertificateError,
    );
  });

  it.each<[string, Partial<DevCertificateOptions>]>([
    ['a short CNPJ', { cnpj: '1234567800019' }],
    ['a punctuated CNPJ', { cnpj: '12.345.678/0001-95' }],
    ['a lowercase CNPJ', { cnpj: 'ab12cd34ef5601' }],
    ['an empty password', { password: '' }],
    ['a non-ASCII password', { password: 'senhá-secreta' }],
    ['a company name with ":"', { companyName: 'A:B' }],
    ['a company name too long for the CN', { companyName: 'X'.repeat(50) }],
    ['a 1024-bit key', { privateKeyPem: rsaPem(1024) }],
    ['a key that is not PEM', { privateKeyPem: 'not a key' }],
    ['no validity', { validityDays: 0 }],
    ['short random bytes', { randomBytes: () => new Uint8Array(1) }],
  ])('refuses %s with a DevCertificateError that never shows the password', (_, overrides) => {
    const attempt = () => createDevCertificate(options(overrides));
    expect(attempt).toThrow(DevCertificateError);
    try {
      attempt();
    } catch (error) {
      const password = overrides.password ?? PASSWORD;
      if (password) expect((error as Error).message).not.toContain(password);
    }
  });
});

// Each test runs openssl several times (one generates an RSA key): more than the 5 s default on a
// loaded machine, and not a speed check.
describe.skipIf(!opensslAvailable)(
  'dev certificates as OpenSSL sees them',
  { timeout: 60_000 },
  () => {
    const write = (name: string, data: Uint8Array | string) => {
      writeFileSync(join(dir, name), data);
      return name;
    };

    it('OpenSSL 3 opens the file without -legacy: PBES2/AES-256 key, SHA-256 MAC, A1 extensions', () => {
      const file = write('dev.pfx', createDevCertificate(options()).pfx);
      const info = openssl([
        'pkcs12',
        '-in',
        file,
        '-passin',
        `pass:${PASSWORD}`,
        '-info',
        '-nodes',
      ]);
      expect(info.status, info.out).toBe(0);
      expect(info.out).toContain('MAC: sha256');
      expect(info.out).toMatch(/PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256/);
      expect(info.out).toContain('BEGIN PRIVATE KEY');

      const text = openssl(['x509', '-noout', '-text'], info.out).out;
      expect(text).toContain('Public-Key: (2048 bit)');
      expect(text).toContain('Digital Signature, Non Repudiation, Key Encipherment');
      expect(text).toContain('TLS Web Client Authentication, E-mail Protection');
      expect(text).toContain('othername: 2.16.76.1.3.3');
      expect(text).toContain('CA:FALSE');

      expect(openssl(['pkcs12', '-in', file, '-passin', 'pass:wrong', '-noout']).status).not.toBe(
        0,
      );
    });

    it('issues from a given CA: the file carries both and openssl verify accepts the chain', () => {
      const made = openssl([
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
      '-subj', '/C=BR/O=SEFAZ local/CN=AC Local de Desenvolvimento', '-days', '3650',
    ]); // prettier-ignore
      expect(made.status, made.out).toBe(0);
      const issuer = {
        certificatePem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
        privateKeyPem: readFileSync(join(dir, 'ca.key'), 'utf8'),
      };
      const dev = createDevCertificate(options({ issuer, now: new Date() }));
      expect(readPkcs12(dev.pfx, PASSWORD).chainPem).toHaveLength(1);
      const leaf = write('leaf.pem', dev.certificatePem);
      const verified = openssl(['verify', '-CAfile', 'ca.pem', leaf]);
      expect(verified.out).toContain(`${leaf}: OK`);
      expect(
        execFileSync('openssl', ['x509', '-noout', '-issuer', '-in', leaf], {
          cwd: dir,
        }).toString(),
      ).toContain('AC Local de Desenvolvimento');
    });
  },
);
