import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How OpenSSL 3 protects a PKCS#12 file: `aes` is its default (PBES2/PBKDF2 with AES-256-CBC and
 * an HMAC-SHA256 MAC, as current CAs and Windows export); `legacy` is `-legacy` (3DES for the key,
 * RC2-40 for the certificates, HMAC-SHA1 MAC), as most A1 certificates issued in Brazil still are.
 */
export type PfxEncoding = 'aes' | 'legacy';

/**
 * A PKCS#12 file written by the `openssl` command line (not by node-forge, which reads them): the
 * independent producer that tells whether a password with `ç`, `ã`, `é` is read the way OpenSSL
 * writes it. The password reaches OpenSSL through the environment, as UTF-8 bytes.
 */
export function opensslPfx(
  pem: { privateKeyPem: string; certificatePem: string },
  password: string,
  encoding: PfxEncoding,
): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-pfx-'));
  try {
    writeFileSync(join(dir, 'key.pem'), pem.privateKeyPem);
    writeFileSync(join(dir, 'cert.pem'), pem.certificatePem);
    const out = join(dir, 'cert.pfx');
    execFileSync(
      'openssl',
      [
        'pkcs12',
        '-export',
        ...(encoding === 'legacy' ? ['-legacy'] : []),
        '-inkey',
        join(dir, 'key.pem'),
        '-in',
        join(dir, 'cert.pem'),
        '-out',
        out,
        '-passout',
        'env:EMISSOR_PFX_PASSWORD',
      ],
      { env: { ...process.env, EMISSOR_PFX_PASSWORD: password }, stdio: 'pipe' },
    );
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `openssl pkcs12 -info` says protects the file (to check a fixture is what it claims). */
export function opensslPfxInfo(pfx: Uint8Array, password: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'emissor-pfx-'));
  try {
    writeFileSync(join(dir, 'cert.pfx'), pfx);
    // -info writes its report to stderr; -legacy lets it open RC2 files too.
    const run = spawnSync(
      'openssl',
      [
        'pkcs12',
        '-legacy',
        '-info',
        '-noout',
        '-in',
        join(dir, 'cert.pfx'),
        '-passin',
        'env:EMISSOR_PFX_PASSWORD',
      ],
      { env: { ...process.env, EMISSOR_PFX_PASSWORD: password }, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`openssl pkcs12 -info failed: ${run.stderr}`);
    return run.stderr + run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
