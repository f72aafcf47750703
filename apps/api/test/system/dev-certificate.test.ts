import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { readPkcs12 } from '@emissor/signer';
import { sharedDir, validateNfeXml } from '@emissor/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postCertificate } from '../helpers/certificates.js';
import { emissionRequest, EMITTER_CNPJ, newKey } from '../helpers/emission.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The bin `pnpm admin` runs (it imports dist/admin/cli.js). */
const ADMIN = fileURLToPath(new URL('../../bin/admin.mjs', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'emissor-dev-cert-'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function admin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ADMIN, ...args],
      // No DATABASE_URL: dev-certificate must not need a database.
      { cwd: dir, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const xmlsec1Available = spawnSync('xmlsec1', ['--version']).status === 0;
if (!xmlsec1Available)
  console.warn('[api] xmlsec1 not installed: the signature check of dev-certificate is skipped');

describe('pnpm admin dev-certificate', () => {
  it('writes a certificate the API accepts over HTTP; a document signed with it verifies', async () => {
    const made = await admin(
      ['dev-certificate', '--cnpj', EMITTER_CNPJ, '--out', 'emitente.pfx', '--json'],
      { NODE_ENV: 'development' },
    );
    expect(made.code, made.stderr).toBe(0);
    const written = JSON.parse(made.stdout) as Record<string, string>;
    const file = join(dir, 'emitente.pfx');
    expect(written).toMatchObject({
      file,
      cnpj: EMITTER_CNPJ,
      subject_cn: `EMPRESA DE DESENVOLVIMENTO LTDA:${EMITTER_CNPJ}`,
      password: expect.stringMatching(/^[\w-]{16}$/),
    });
    const year = Date.parse(written.not_after!) - Date.parse(written.not_before!);
    expect(year / 86_400_000).toBeCloseTo(365, 2);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pfx = readFileSync(file);

    const product = await server.newProduct();
    const refs = { tenant_ref: 'dev-loja', branch_ref: 'matriz' };
    const upload = await postCertificate(server.url, product.apiKey, refs, {
      cnpj: EMITTER_CNPJ,
      password: written.password!,
      file: pfx,
      filename: 'emitente.pfx',
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    expect(upload.body).toMatchObject({ cnpj_certificado: EMITTER_CNPJ });
    expect(JSON.stringify(upload.body)).not.toContain(written.password);

    const series = await product.client.series.createSeries({
      body: { ...refs, serie: 1, next_number: 1 },
    });
    expect(series.status).toBe(201);
    const emitted = await product.client.emissions.emit({
      headers: { 'idempotency-key': newKey() },
      body: emissionRequest(refs),
    });
    expect(emitted.status).toBe(201);
    if (emitted.status !== 201) return;
    const xml = await (
      await fetch(`${server.url}/v1/documentos/${emitted.body.id}/xml`, {
        headers: { 'x-api-key': product.apiKey },
      })
    ).text();
    const certificateBase64 = readPkcs12(pfx, written.password!).certificateBase64;
    expect(xml).toContain(`<X509Certificate>${certificateBase64}</X509Certificate>`);
    if (sharedDir()) expect(validateNfeXml(xml, 'PL_009_V4')).toEqual([]);
    expect(server.logs.join('\n')).not.toContain(written.password);

    if (!xmlsec1Available) return;
    writeFileSync(join(dir, 'nfe.xml'), xml);
    writeFileSync(
      join(dir, 'cert.pem'),
      `-----BEGIN CERTIFICATE-----\n${certificateBase64.replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`,
    );
    const verify = (file: string) =>
      spawnSync(
        'xmlsec1',
        ['--verify', '--id-attr:Id', 'infNFe', '--pubkey-cert-pem', 'cert.pem', file],
        { cwd: dir, encoding: 'utf8' },
      );
    const verified = verify('nfe.xml');
    expect(verified.status, verified.stderr).toBe(0);
    writeFileSync(
      join(dir, 'tampered.xml'),
      xml.replace('<vProd>21.00</vProd>', '<vProd>22.00</vProd>'),
    );
    expect(readFileSync(join(dir, 'tampered.xml'), 'utf8')).not.toBe(xml);
    expect(verify('tampered.xml').status).not.toBe(0);
  });

  it('is refused with NODE_ENV=production and writes nothing', async () => {
    const refused = await admin(['dev-certificate', '--cnpj', EMITTER_CNPJ, '--out', 'prod.pfx'], {
      NODE_ENV: 'production',
    });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('refused with NODE_ENV=production');
    expect(existsSync(join(dir, 'prod.pfx'))).toBe(false);
  });

  it('prints a generated password once, and never overwrites a file', async () => {
    const first = await admin(['dev-certificate', '--cnpj', EMITTER_CNPJ, '--out', 'same.pfx']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/password \(shown once, store it now\): [\w-]{16}\n/);
    const before = readFileSync(join(dir, 'same.pfx'));
    const again = await admin(['dev-certificate', '--cnpj', EMITTER_CNPJ, '--out', 'same.pfx']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(join(dir, 'same.pfx')).equals(before)).toBe(true);
  });

  it('uses a given password and does not echo it', async () => {
    const given = await admin([
      'dev-certificate', '--cnpj', EMITTER_CNPJ, '--out', 'given.pfx', '--password', 'minha-senha-dev',
    ]); // prettier-ignore
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout + given.stderr).not.toContain('minha-senha-dev');
    expect(readPkcs12(readFileSync(join(dir, 'given.pfx')), 'minha-senha-dev').cnpj).toBe(
      EMITTER_CNPJ,
    );
  });

  it.each([
    [['dev-certificate'], '--cnpj'],
    [['dev-certificate', '--cnpj', '123'], 'CNPJ must be 14 characters'],
    [['dev-certificate', '--cnpj', EMITTER_CNPJ, '--password', 'senhá'], 'printable ASCII'],
  ])('usage errors exit 2 with a message on stderr: %j', async (args, message) => {
    const result = await admin(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('senhá');
  });
});

describe('pnpm admin --help', () => {
  it.each([['--help'], ['-h'], ['help']])(
    '%s prints the usage on stdout and exits 0',
    async (flag) => {
      const help = await admin([flag]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^Usage: pnpm admin <command>/);
      expect(help.stdout).toContain('dev-certificate --cnpj <14>');
      expect(help.stdout).toContain('product create --name <name>');
    },
  );
});
